-- wrk script: a GET of PATH_UNDER_TEST with the bearer TOKEN.
local path, token = os.getenv("PATH_UNDER_TEST"), os.getenv("TOKEN")
request = function()
  return wrk.format("GET", path, { ["Authorization"] = "Bearer " .. token })
end
