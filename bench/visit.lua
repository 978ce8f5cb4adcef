-- wrk script: visit saves (POST with the anti-forgery cookie and header) to the agent's customers.
local n = 0
local first = tonumber(os.getenv("FIRST_CUSTOMER"))
local step = tonumber(os.getenv("CUSTOMER_STEP"))
local count = math.floor(tonumber(os.getenv("CUSTOMERS")) / step)
request = function()
  n = n + 1
  local buyer = string.format("S%08d", first + (n % count) * step)
  local body = '{"buyerID":"' .. buyer .. '","outcomeId":' .. ((n % 4) + 1) .. ',"remark":"bench visit"}'
  return wrk.format("POST", "/webapi/api/users/customer/details", {
    ["Authorization"] = "Bearer " .. os.getenv("TOKEN"),
    ["Content-Type"] = "application/json",
    ["Cookie"] = "XSRF-TOKEN=bench",
    ["X-XSRF-TOKEN"] = "bench",
  }, body)
end
