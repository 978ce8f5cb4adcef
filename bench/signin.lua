-- wrk script: sign-in (POST /login/auth) of agent1..agentAGENTS@scale.test in turn.
local agents, n = tonumber(os.getenv("AGENTS") or "200"), 0
request = function()
  n = n + 1
  local body = '{"userName":"agent' .. ((n % agents) + 1) .. '@scale.test","password":"Demo12345678","terms":true}'
  return wrk.format("POST", "/webapi/api/login/auth", {
    ["Content-Type"] = "application/json",
    ["Cookie"] = "XSRF-TOKEN=bench",
    ["X-XSRF-TOKEN"] = "bench",
  }, body)
end
