-- Id change of one session whose old and new keys are in one slot (always so on one Redis server).
-- KEYS[1]: the session hash under the old id. KEYS[2]: the session hash under the new id.
-- ARGV: condition (version | present), expected version, the new version.
-- Returns {-1} when there is no old session, {0} when the condition fails, {-2} when the new id is taken, else
-- {1, the expiry in epoch milliseconds}. RENAME moves the hash with its expiry and the body never passes through
-- Lua; a move marker a failed cross-slot change left (move-out.lua) goes with the rename and is dropped.
local current = redis.call('HMGET', KEYS[1], 'version', 'expires')
local version = current[1]
if not version then
  return {-1}
end
if ARGV[1] == 'version' and version ~= ARGV[2] then
  return {0}
end
if redis.call('EXISTS', KEYS[2]) == 1 then
  return {-2}
end
redis.call('RENAME', KEYS[1], KEYS[2])
redis.call('HSET', KEYS[2], 'version', ARGV[3])
redis.call('HDEL', KEYS[2], 'moving')
return {1, current[2]}
