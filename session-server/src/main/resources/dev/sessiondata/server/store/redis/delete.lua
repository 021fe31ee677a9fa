-- Conditional delete of one session. KEYS[1]: the session hash. ARGV: condition (none | version | present),
-- expected version. Returns -1 when absent, 0 when the condition fails, 1 when deleted.
local current = redis.call('HGET', KEYS[1], 'version')
if not current then
  return -1
end
if ARGV[1] == 'version' and current ~= ARGV[2] then
  return 0
end
redis.call('DEL', KEYS[1])
return 1
