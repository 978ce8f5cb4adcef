-- wrk script: order submit (POST /users/order) of 10 lines for one agent's customers in turn
-- (S00000001 and every CUSTOMER_STEP-th after it, CUSTOMERS in all), 10 of the PRODUCTS (ids 1..N,
-- the scale data set's priced products) per order, each booking with its own clientId as a phone
-- sends it; the distributor is the customer's usual one (the server finds it). The clientIds start
-- with the run's start time (or RUN_ID), so a second run on the same file books anew instead of
-- being answered as repeats of the first run's bookings. ORDER_PATH=/webapi/api/users/order/quote: the
-- same bodies priced without booking (the quote with schemes, issue #56).
local token, step = os.getenv("TOKEN"), tonumber(os.getenv("CUSTOMER_STEP"))
local count = math.max(1, math.floor(tonumber(os.getenv("CUSTOMERS")) / step))
local products = tonumber(os.getenv("PRODUCTS") or "20")
local run = os.getenv("RUN_ID") or tostring(os.time())
local path = os.getenv("ORDER_PATH") or "/webapi/api/users/order"
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
end
local n = 0
request = function()
  n = n + 1
  local buyer = string.format("S%08d", 1 + (n % count) * step)
  local lines = {}
  for k = 0, 9 do
    lines[#lines + 1] = '{"productId":' .. (1 + (n + k) % products) .. ',"quantity":' .. (1 + (n + k) % 24) .. '}'
  end
  local body = '{"clientId":"bench-' .. run .. '-' .. tostring(tid) .. '-' .. n .. '","buyerId":"' .. buyer .. '","lines":[' ..
    table.concat(lines, ",") .. ']}'
  return wrk.format("POST", path, {
    ["Authorization"] = "Bearer " .. token,
    ["Content-Type"] = "application/json",
    ["Cookie"] = "XSRF-TOKEN=bench",
    ["X-XSRF-TOKEN"] = "bench",
  }, body)
end
