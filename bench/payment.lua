-- wrk script: the payment write (POST /users/payment, issue #56): a UPI payment from one agent's
-- customers in turn (S00000001 and every CUSTOMER_STEP-th after it, CUSTOMERS in all), collected
-- now, each with its own clientId as a phone sends it (`<8-char device tag>-<4-digit counter>`: a
-- device tag per wrk thread and 10,000 payments, from the run's start time or RUN_ID, so a second
-- run records anew).
local token, step = os.getenv("TOKEN"), tonumber(os.getenv("CUSTOMER_STEP"))
local count = math.max(1, math.floor(tonumber(os.getenv("CUSTOMERS")) / step))
local run = tonumber(os.getenv("RUN_ID") or tostring(os.time())) % 10000
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
end
local n = 0
request = function()
  n = n + 1
  local buyer = string.format("S%08d", 1 + (n % count) * step)
  local device = string.format("b%04d%02d", run, tid % 100) .. string.char(97 + math.floor(n / 10000) % 26)
  local body = '{"clientId":"' .. device .. '-' .. string.format("%04d", n % 10000) .. '","buyerId":"' .. buyer ..
    '","amount":' .. (100 + n % 900) .. '.50,"mode":"upi","reference":"UTR' .. n .. '","collectedAt":"' ..
    os.date("!%Y-%m-%dT%H:%M:%SZ") .. '"}'
  return wrk.format("POST", "/webapi/api/users/payment", {
    ["Authorization"] = "Bearer " .. token,
    ["Content-Type"] = "application/json",
    ["Cookie"] = "XSRF-TOKEN=bench",
    ["X-XSRF-TOKEN"] = "bench",
  }, body)
end
