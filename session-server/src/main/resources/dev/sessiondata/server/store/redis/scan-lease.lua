-- Takes or keeps the lease of the expiry scan, so that one instance of the service scans at a time. KEYS[1]: the
-- lease. ARGV: this instance's id, the lease's time to live in milliseconds. Returns 1 when this instance holds it.
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then
  return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
