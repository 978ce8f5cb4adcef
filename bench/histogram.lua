-- Appended to a wrk script by bench/run.sh (issue #56): after the run, the latency histogram beside
-- the percentiles: `hist <upper bound ms> <requests>` per range (powers of two from 0.25 ms), then
-- `pct <p> <ms>` for the tail's percentiles, read by bench/report.py.
done = function(summary, latency, requests)
  local bounds = { 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024 }
  local counts = {}
  for i = 1, #bounds + 1 do counts[i] = 0 end
  for i = 1, #latency do
    local us, n = latency(i)
    local k = 1
    while k <= #bounds and us / 1000 >= bounds[k] do k = k + 1 end
    counts[k] = counts[k] + n
  end
  for k = 1, #bounds do io.write(string.format("hist %g %d\n", bounds[k], counts[k])) end
  io.write(string.format("hist inf %d\n", counts[#bounds + 1]))
  for _, p in ipairs({ 50, 90, 95, 99, 99.5, 99.9 }) do
    io.write(string.format("pct %g %.3f\n", p, latency:percentile(p) / 1000))
  end
  io.write(string.format("pct max %.3f\n", latency.max / 1000))
end
