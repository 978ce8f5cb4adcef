-- wrk script: a JSON POST of BODY to PATH_UNDER_TEST with the anti-forgery cookie and header, and
-- the bearer TOKEN when one is set.
local path, body, token = os.getenv("PATH_UNDER_TEST"), os.getenv("BODY") or "{}", os.getenv("TOKEN")
local headers = { ["Content-Type"] = "application/json", ["Cookie"] = "XSRF-TOKEN=bench", ["X-XSRF-TOKEN"] = "bench" }
if token and token ~= "" then headers["Authorization"] = "Bearer " .. token end
request = function()
  return wrk.format("POST", path, headers, body)
end
