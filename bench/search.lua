-- wrk script: GET SEARCH_PATH?<PARAM>=<q> (PARAM: query, unless set) with each of QUERIES
-- (comma-separated, as they go in a URL) in turn.
local path, token, param, queries = os.getenv("SEARCH_PATH"), os.getenv("TOKEN"), os.getenv("PARAM") or "query", {}
for q in string.gmatch(os.getenv("QUERIES"), "[^,]+") do queries[#queries + 1] = q end
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", path .. "?" .. param .. "=" .. queries[(n % #queries) + 1], { ["Authorization"] = "Bearer " .. token })
end
