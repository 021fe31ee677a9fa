-- Moves one session's expiry to now plus its ttl. KEYS[1]: the session hash. ARGV: now in epoch milliseconds.
-- Returns nil when absent, else the new expiry in epoch milliseconds.
local ttl = redis.call('HGET', KEYS[1], 'ttl')
if not ttl then
  return false
end
local expires = string.format('%d', tonumber(ARGV[1]) + tonumber(ttl))
redis.call('HSET', KEYS[1], 'expires', expires)
redis.call('PEXPIRE', KEYS[1], ttl)
return expires
