-- wrk script: a GET of PATH with the bearer token.
request = function()
  return wrk.format("GET", os.getenv("PATH_UNDER_TEST"), { ["Authorization"] = "Bearer " .. os.getenv("TOKEN") })
end
