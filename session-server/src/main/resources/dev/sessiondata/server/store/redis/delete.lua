-- Conditional delete of one session. KEYS[1]: the session hash. ARGV: condition (none | version | present),
-- expected version, the session id, the prefix of every index set key. The session leaves the index sets its
-- 'indexes' field names (each set's key without that prefix, one a line).
-- Returns -1 when absent, 0 when the condition fails, 1 when deleted.
local current = redis.call('HMGET', KEYS[1], 'version', 'indexes')
if not current[1] then
  return -1
end
if ARGV[1] == 'version' and current[1] ~= ARGV[2] then
  return 0
end
redis.call('DEL', KEYS[1])
if current[2] then
  for line in string.gmatch(current[2], '[^\n]+') do
    local key = ARGV[4] .. line
    redis.call('SREM', key, ARGV[3])
  end
end
return 1
