-- Read of one session, sliding its expiry. KEYS[1]: the session hash. ARGV: now in epoch milliseconds.
-- Returns an empty array when absent, else {data, serializer, version, ttl, expires, digest}; a
-- digest absent (written before digests were kept) is nil. (A read that does not slide
-- is a plain HMGET of the same fields.)
local session = redis.call('HMGET', KEYS[1], 'data', 'serializer', 'version', 'ttl', 'expires', 'digest')
if not session[3] then
  return {}
end
session[5] = string.format('%d', tonumber(ARGV[1]) + tonumber(session[4]))
redis.call('HSET', KEYS[1], 'expires', session[5])
redis.call('PEXPIRE', KEYS[1], session[4])
return session
