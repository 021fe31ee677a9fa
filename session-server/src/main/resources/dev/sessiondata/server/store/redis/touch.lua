-- Moves one session's expiry to now plus its ttl. KEYS[1]: the session hash. KEYS[2]: the key that keeps its index
-- values past its expiry (RedisKeys#indexed). ARGV: now in epoch milliseconds, the prefix of every index set key,
-- how long the index values are kept past the session's new expiry (milliseconds: their time past expiry and the
-- index expiry resolution, so that a slide never moves theirs before the bucket a write gave them, put.lua), and
-- optionally a ceiling in bytes.
-- The index sets its 'indexes' field names (each set's key without that prefix, one a line) keep an expiry at least
-- the session's.
-- Returns nil when absent; with a ceiling, '-' and the body's length when the body is longer (nothing moves: a read
-- that has no room for the body does not keep it alive); else the new expiry in epoch milliseconds.
if ARGV[4] then
  local length = redis.call('HSTRLEN', KEYS[1], 'data')
  if length > tonumber(ARGV[4]) then
    return '-' .. length
  end
end
local current = redis.call('HMGET', KEYS[1], 'ttl', 'indexes')
local ttl = current[1]
if not ttl then
  return false
end
local expires = string.format('%d', tonumber(ARGV[1]) + tonumber(ttl))
redis.call('HSET', KEYS[1], 'expires', expires)
redis.call('PEXPIRE', KEYS[1], ttl)
if current[2] then
  redis.call('PEXPIRE', KEYS[2], tonumber(ttl) + tonumber(ARGV[3]))
  for line in string.gmatch(current[2], '[^\n]+') do
    local key = ARGV[2] .. line
    if redis.call('PTTL', key) < tonumber(ttl) then
      redis.call('PEXPIRE', key, ttl)
    end
  end
end
return expires
