-- Read of one session, sliding its expiry when asked. KEYS[1]: the session hash.
-- ARGV: '1' to slide, now in epoch milliseconds.
-- Returns an empty array when absent, else {data, serializer, version, ttl, expires}.
local session = redis.call('HMGET', KEYS[1], 'data', 'serializer', 'version', 'ttl', 'expires')
if not session[3] then
  return {}
end
if ARGV[1] == '1' then
  session[5] = string.format('%d', tonumber(ARGV[2]) + tonumber(session[4]))
  redis.call('HSET', KEYS[1], 'expires', session[5])
  redis.call('PEXPIRE', KEYS[1], session[4])
end
return session
