-- Conditional write of one session. KEYS[1]: the session hash.
-- ARGV: condition (none | version | present | absent), expected version, new version, serializer id, data,
--       ttl in milliseconds, expiry in epoch milliseconds.
-- Returns 0 when the condition fails (nothing written), 1 when created, 2 when replaced.
local current = redis.call('HGET', KEYS[1], 'version')
local condition = ARGV[1]
if (condition == 'version' and current ~= ARGV[2])
    or (condition == 'present' and not current)
    or (condition == 'absent' and current) then
  return 0
end
redis.call('HSET', KEYS[1], 'version', ARGV[3], 'serializer', ARGV[4], 'data', ARGV[5], 'ttl', ARGV[6], 'expires', ARGV[7])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
if current then
  return 2
end
return 1
