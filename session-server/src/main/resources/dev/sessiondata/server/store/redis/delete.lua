-- Conditional delete of one session. KEYS[1]: the session hash. ARGV: condition (none | version | present),
-- expected version. Returns {-1} when absent, {0} when the condition fails, {1} when deleted, {1, marker} when
-- deleted while an id change across slots had marked it (move-out.lua): the caller then deletes the change's
-- target too, so a session deleted during its id change does not live on under the new id.
local current = redis.call('HMGET', KEYS[1], 'version', 'moving')
if not current[1] then
  return {-1}
end
if ARGV[1] == 'version' and current[1] ~= ARGV[2] then
  return {0}
end
redis.call('DEL', KEYS[1])
if current[2] then
  return {1, current[2]}
end
return {1}
