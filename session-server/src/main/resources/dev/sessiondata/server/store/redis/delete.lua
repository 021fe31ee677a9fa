-- Conditional delete of one session, recorded in its partition's change stream. KEYS[1]: the session hash.
-- KEYS[2], KEYS[3]: the partition's feed hash (epoch 'e', last sequence 's') and change stream. KEYS[4]: the key
-- that keeps the session's index values past its expiry (RedisKeys#indexed), dropped with it.
-- ARGV: condition (none | version | present), expected version, the session id, the prefix of every index set key,
-- an epoch for the partition should it have none, the stream's approximate length bound, now in epoch
-- milliseconds. The session leaves the index sets its 'indexes' field names (each set's key without that prefix,
-- one a line); its change tells them ('n'), so that an application hears whose session ended.
-- Returns {-1} when absent, {0} when the condition fails, {1} when deleted, {1, marker} when deleted while an id
-- change across slots had marked it (move-out.lua): the caller then deletes the change's target too, so a session
-- deleted during its id change does not live on under the new id.
local current = redis.call('HMGET', KEYS[1], 'version', 'indexes', 'moving')
if not current[1] then
  return {-1}
end
if ARGV[1] == 'version' and current[1] ~= ARGV[2] then
  return {0}
end
redis.call('DEL', KEYS[1])
if current[2] then
  for line in string.gmatch(current[2], '[^\n]+') do
    redis.call('SREM', ARGV[4] .. line, ARGV[3])
  end
  redis.call('DEL', KEYS[4])
end
-- a partition without a feed hash starts a new epoch (as in put.lua)
local seq = redis.call('HINCRBY', KEYS[2], 's', 1)
if seq == 1 then
  seq = tonumber(ARGV[7]) * 1000 + 1
  redis.call('HSET', KEYS[2], 'e', ARGV[5], 's', string.format('%d', seq))
  redis.call('DEL', KEYS[3])
end
seq = string.format('%d', seq)
if current[2] then
  redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[6], seq .. '-0', 'i', ARGV[3], 'v', '', 't', ARGV[7], 'n', current[2])
else
  redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[6], seq .. '-0', 'i', ARGV[3], 'v', '', 't', ARGV[7])
end
if current[3] then
  return {1, current[3]}
end
return {1}
