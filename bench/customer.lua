-- wrk script: the visit screen of one agent's customers in turn (S00000001 and every
-- CUSTOMER_STEP-th after it, CUSTOMERS in all): GET their details, or with SAVE_VISIT=1 POST a visit.
-- PATH_PREFIX: another GET of one customer (the outstanding panel: /webapi/api/users/customer/outstanding/).
local token, step = os.getenv("TOKEN"), tonumber(os.getenv("CUSTOMER_STEP"))
local prefix = os.getenv("PATH_PREFIX") or "/webapi/api/users/customer/details/"
local count, save = math.max(1, math.floor(tonumber(os.getenv("CUSTOMERS")) / step)), os.getenv("SAVE_VISIT") == "1"
local n = 0
request = function()
  n = n + 1
  local buyer = string.format("S%08d", 1 + (n % count) * step)
  if not save then
    return wrk.format("GET", prefix .. buyer, { ["Authorization"] = "Bearer " .. token })
  end
  local body = '{"buyerID":"' .. buyer .. '","outcomeId":' .. ((n % 4) + 1) .. ',"remark":"bench visit"}'
  return wrk.format("POST", "/webapi/api/users/customer/details", {
    ["Authorization"] = "Bearer " .. token,
    ["Content-Type"] = "application/json",
    ["Cookie"] = "XSRF-TOKEN=bench",
    ["X-XSRF-TOKEN"] = "bench",
  }, body)
end
