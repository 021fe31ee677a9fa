-- wrk script of the capacity benchmark (loadtest/capacity.sh): GET or PUT of one session size, closed loop or paced.
-- Arguments after "--": method (GET|PUT), token, size in bytes, rate in requests/s over all threads (0: closed loop),
-- thread count. GETs read the session "cap-<size>" the script wrote before; PUTs write 100 ids per thread
-- ("cap-put-<thread>-<n>") so that concurrent writes do not queue on one key.
--
-- Pacing (the open model): each thread owns a schedule of send slots, one every threads/rate seconds; delay()
-- hands the next slot to whichever of the thread's connections asks, so the offered rate does not fall when
-- responses slow down. wrk times a request from its actual send, so a slot taken late would hide queueing
-- (coordinated omission); done() therefore reports how many sends were more than 1 ms late, and the report
-- trusts a percentile only when that share is small.
local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } timespec;
  int clock_gettime(int clk_id, timespec *tp);
]]
local ts = ffi.new("timespec")
local function now_ms()
  ffi.C.clock_gettime(1, ts) -- CLOCK_MONOTONIC
  return tonumber(ts.tv_sec) * 1000 + tonumber(ts.tv_nsec) / 1e6
end

local threads = {}
local counter = 1

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

local method, token, size, rate, interval, next_slot, body, n, put_headers
-- globals, so that done() can read them from each thread
late, sent, statuses = 0, 0, {}

function init(args)
  method = args[1]
  token = args[2]
  size = tonumber(args[3])
  rate = tonumber(args[4])
  local thread_count = tonumber(args[5])
  if rate > 0 then interval = 1000 * thread_count / rate end
  n = 0
  if method == "PUT" then body = string.rep("x", size) end
  wrk.headers["Authorization"] = "Bearer " .. token
  -- wrk.format uses the headers it is given instead of wrk.headers, not beside them
  put_headers = { ["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/vnd.sessiondata.java" }
end

function delay()
  if not interval then return 0 end
  local now = now_ms()
  if not next_slot then next_slot = now end
  local slot = next_slot
  next_slot = next_slot + interval
  if slot < now - 1 then late = late + 1 end
  return math.max(0, slot - now)
end

function request()
  sent = sent + 1
  if method == "PUT" then
    n = (n + 1) % 100
    return wrk.format("PUT", "/api/v1/sessions/cap-put-" .. id .. "-" .. n,
      put_headers, body)
  end
  return wrk.format("GET", "/api/v1/sessions/cap-" .. size)
end

function response(status, headers, response_body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local late_total, sent_total, by_status = 0, 0, {}
  for _, thread in ipairs(threads) do
    late_total = late_total + thread:get("late")
    sent_total = sent_total + thread:get("sent")
    for status, count in pairs(thread:get("statuses")) do
      by_status[status] = (by_status[status] or 0) + count
    end
  end
  local codes = {}
  for status, count in pairs(by_status) do table.insert(codes, status .. ":" .. count) end
  table.sort(codes)
  local seconds = summary.duration / 1e6
  -- one tab-separated line the benchmark script parses: rps, p50, p90, p99, p99.9, max (ms), errors, late share, statuses
  io.write(string.format("RESULT\t%.1f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%d\t%.4f\t%s\n",
    summary.requests / seconds,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    latency:percentile(99.9) / 1000, latency.max / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout + summary.errors.status,
    sent_total > 0 and late_total / sent_total or 0, table.concat(codes, ",")))
end
