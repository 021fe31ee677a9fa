-- Ends an id change across slots on the old id. KEYS[1]: the session hash under the old id. ARGV: the marker
-- move-out.lua set, 'commit' or 'abort'. Returns -1 when there is no old session, 0 when it holds another marker
-- (a write or another change replaced it), else 1: on commit the old session is deleted, on abort the marker is
-- dropped.
local current = redis.call('HMGET', KEYS[1], 'version', 'moving')
if not current[1] then
  return -1
end
if current[2] ~= ARGV[1] then
  return 0
end
if ARGV[2] == 'commit' then
  redis.call('DEL', KEYS[1])
else
  redis.call('HDEL', KEYS[1], 'moving')
end
return 1
