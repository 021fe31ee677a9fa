-- Conditional write of one session. KEYS[1]: the session hash.
-- ARGV: condition (none | version | present | absent), expected version, new version, serializer id, data,
--       ttl in milliseconds, now in epoch milliseconds, '1' when an existing session keeps its own ttl (ARGV[6]
--       is then for a new session only), digest ('' for none).
-- Returns {0} when the condition fails (nothing written), else {1 when created or 2 when replaced, the expiry in
-- epoch milliseconds}.
local current = redis.call('HGET', KEYS[1], 'version')
local condition = ARGV[1]
if (condition == 'version' and current ~= ARGV[2])
    or (condition == 'present' and not current)
    or (condition == 'absent' and current) then
  return {0}
end
local ttl = ARGV[6]
if ARGV[8] == '1' and current then
  ttl = redis.call('HGET', KEYS[1], 'ttl') or ttl
end
local expires = string.format('%d', tonumber(ARGV[7]) + tonumber(ttl))
redis.call('HSET', KEYS[1], 'version', ARGV[3], 'serializer', ARGV[4], 'data', ARGV[5], 'ttl', ttl, 'expires', expires)
if ARGV[9] == '' then
  redis.call('HDEL', KEYS[1], 'digest')
else
  redis.call('HSET', KEYS[1], 'digest', ARGV[9])
end
redis.call('PEXPIRE', KEYS[1], ttl)
if current then
  return {2, expires}
end
return {1, expires}
