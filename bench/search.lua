-- wrk script: GET SEARCH_PATH?query=<q> with each of QUERIES (comma-separated) in turn.
local path, token, queries = os.getenv("SEARCH_PATH"), os.getenv("TOKEN"), {}
for q in string.gmatch(os.getenv("QUERIES"), "[^,]+") do queries[#queries + 1] = q end
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", path .. "?query=" .. queries[(n % #queries) + 1], { ["Authorization"] = "Bearer " .. token })
end
