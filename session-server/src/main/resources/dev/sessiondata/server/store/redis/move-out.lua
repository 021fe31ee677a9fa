-- First step of an id change across slots (Redis Cluster): marks the old session as moving and answers what the
-- new id is to hold. KEYS[1]: the session hash under the old id. ARGV: condition (version | present), expected
-- version, the marker ("<until epoch ms>:<new version>:<new id>"), now in epoch milliseconds.
-- Returns {-1} when there is no old session, {0} when the condition fails or another change of it holds a marker
-- not yet past its time, else {1, data, serializer, ttl, expires, digest or false, indexes or false}. The marker
-- lives in the hash, so any write of the session (a rename onto it) or its delete takes it away, which the commit
-- step sees; the body passes through Lua here, once per id change, as it cannot be renamed into another slot.
local current = redis.call('HMGET', KEYS[1], 'version', 'moving')
if not current[1] then
  return {-1}
end
if ARGV[1] == 'version' and current[1] ~= ARGV[2] then
  return {0}
end
if current[2] and tonumber(string.match(current[2], '^(%d+):')) > tonumber(ARGV[4]) then
  return {0}
end
redis.call('HSET', KEYS[1], 'moving', ARGV[3])
local session = redis.call('HMGET', KEYS[1], 'data', 'serializer', 'ttl', 'expires', 'digest', 'indexes')
return {1, session[1], session[2], session[3], session[4], session[5], session[6]}
