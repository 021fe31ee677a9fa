-- Ends an id change across slots on the old id. KEYS[1]: the session hash under the old id. KEYS[2], KEYS[3]: its
-- partition's feed hash and change stream. KEYS[4]: the key that keeps its index values past its expiry
-- (RedisKeys#indexed), which the new id has its own of (move-in-done.lua). ARGV: the marker move-out.lua set,
-- 'commit' or 'abort', the old id, the prefix of every index set key of its partition, an epoch for the partition
-- should it have none, the stream's approximate length bound, now in epoch milliseconds. Returns -1 when there is
-- no old session, 0 when it holds another marker (a write or another change replaced it), else 1: on commit the old
-- session is deleted, leaves its index sets and is recorded as moved (this is the step that decides the change); on
-- abort the marker is dropped.
local current = redis.call('HMGET', KEYS[1], 'version', 'moving', 'indexes')
if not current[1] then
  return -1
end
if current[2] ~= ARGV[1] then
  return 0
end
if ARGV[2] ~= 'commit' then
  redis.call('HDEL', KEYS[1], 'moving')
  return 1
end
redis.call('DEL', KEYS[1])
if current[3] then
  for line in string.gmatch(current[3], '[^\n]+') do
    redis.call('SREM', ARGV[4] .. line, ARGV[3])
  end
  redis.call('DEL', KEYS[4])
end
-- as in put.lua: a partition without a feed hash starts a new epoch
local seq = redis.call('HINCRBY', KEYS[2], 's', 1)
if seq == 1 then
  seq = tonumber(ARGV[7]) * 1000 + 1
  redis.call('HSET', KEYS[2], 'e', ARGV[5], 's', string.format('%d', seq))
  redis.call('DEL', KEYS[3])
end
seq = string.format('%d', seq)
-- a move ('k' 'm'), no deletion: the session lives on under the new id
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[6], seq .. '-0', 'i', ARGV[3], 'v', '', 't', ARGV[7], 'k', 'm')
return 1
