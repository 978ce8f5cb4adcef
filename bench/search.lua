-- wrk script: customer search with a different prefix each request, as an agent or manager.
local prefixes = { "S000", "S0001", "S00012", "Sri", "Lak", "Gan", "Bal", "Star", "Green", "Metro", "Royal", "9", "98", "987", "Super", "Fam", "Mart", "Store", "Trad", "Kir" }
local n = 0
request = function()
  n = n + 1
  local q = prefixes[(n % #prefixes) + 1]
  return wrk.format("GET", "/webapi/api/users/customer/search?query=" .. q, { ["Authorization"] = "Bearer " .. os.getenv("TOKEN") })
end
