-- wrk script of the benchmarks (bench/lib/wrk.ts): each connection takes the next path of the
-- file WRK_PATHS (one per line; threads start at different places), waits WRK_DELAY_MS after
-- each answer when set (a steady load below saturation), and the run ends with one JSON line
-- of latency percentiles (µs) and counts. The WRK_THREADS threads start evenly spread over the
-- paths, so a list longer than a run's requests asks no path twice.
local paths = {}
for line in io.lines(os.getenv("WRK_PATHS")) do paths[#paths + 1] = line end
local delayMs = tonumber(os.getenv("WRK_DELAY_MS") or "0")
local threadCount = tonumber(os.getenv("WRK_THREADS") or "1")
local threads = 0
local i = 0

setup = function(thread)
  thread:set("start", threads * math.floor(#paths / threadCount))
  threads = threads + 1
end

init = function(args)
  i = start or 0
end

request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end

if delayMs > 0 then
  delay = function()
    return delayMs
  end
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\nWRK_JSON {"requests":%d,"durationUs":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d,' ..
      '"non2xx":%d,"errors":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90),
    latency:percentile(99), latency.max, e.status, e.connect + e.read + e.write + e.timeout))
end
