-- wrk script of the capacity benchmark (loadtest/capacity.sh): GET or PUT of one session size, closed loop or paced.
-- Arguments after "--": method (GET|PUT), token, size in bytes, rate in requests/s over all threads (0: closed loop),
-- thread count, and optionally "index": each PUT then names its session's principal in Session-Index (one principal
-- per session id, as a signed-in user's session has), so that the write keeps the principal index. GETs read the session "cap-<size>" the script wrote before; PUTs write 100 ids per thread
-- ("cap-put-<thread>-<n>") so that concurrent writes do not queue on one key.
--
-- The generator shares the two cores with the server and Redis, so it does as little per request as it can: every
-- request is formatted once in init() (a thread's 100 PUTs, or its one GET) and only handed out per send; answers
-- are counted by wrk itself (its "errors" include every status of 400 and above). Only with CAPACITY_STATUSES set
-- in the environment does the script define response(), which makes wrk collect every answer's headers and body into
-- Lua, to count the answers by status (the overload phase, where 503s are expected and counted).
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

local interval, next_slot, requests, n, count
-- globals, so that done() can read them from each thread
late, sent, statuses = 0, 0, {}

function init(args)
  local method, token, size, rate, thread_count = args[1], args[2], tonumber(args[3]), tonumber(args[4]),
    tonumber(args[5])
  local indexed = args[6] == "index"
  if rate > 0 then interval = 1000 * thread_count / rate end
  local auth = "Bearer " .. token
  requests = {}
  if method == "PUT" then
    -- wrk.format uses the headers it is given instead of wrk.headers, not beside them
    local headers = { ["Authorization"] = auth, ["Content-Type"] = "application/vnd.sessiondata.java" }
    local body = string.rep("x", size)
    for i = 1, 100 do
      if indexed then headers["Session-Index"] = "principal=user-" .. id .. "-" .. (i - 1) end
      requests[i] = wrk.format("PUT", "/api/v1/sessions/cap-put-" .. id .. "-" .. (i - 1), headers, body)
    end
  else
    requests[1] = wrk.format("GET", "/api/v1/sessions/cap-" .. size, { ["Authorization"] = auth })
  end
  count, n = #requests, 0
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
  n = n % count + 1
  return requests[n]
end

if os.getenv("CAPACITY_STATUSES") then
  function response(status, headers, body)
    statuses[status] = (statuses[status] or 0) + 1
  end
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
  local answers = #codes > 0 and table.concat(codes, ",") or ("4xx/5xx:" .. summary.errors.status)
  local seconds = summary.duration / 1e6
  -- one tab-separated line the benchmark script parses: rps, p50, p90, p99, p99.9, max (ms), errors, late share,
  -- answers by status (or, without CAPACITY_STATUSES, how many had a status of 400 and above)
  io.write(string.format("RESULT\t%.1f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%d\t%.4f\t%s\n",
    summary.requests / seconds,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    latency:percentile(99.9) / 1000, latency.max / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout + summary.errors.status,
    sent_total > 0 and late_total / sent_total or 0, answers))
end
