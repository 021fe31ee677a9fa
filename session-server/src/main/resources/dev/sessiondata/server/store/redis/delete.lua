-- Conditional delete of one session, recorded in its partition's change stream. KEYS[1]: the session hash.
-- KEYS[2], KEYS[3]: the partition's feed hash (epoch 'e', last sequence 's') and change stream.
-- ARGV: condition (none | version | present), expected version, an epoch for the partition should it have none,
-- the stream's approximate length bound, the session id, now in epoch milliseconds.
-- Returns -1 when absent, 0 when the condition fails, 1 when deleted.
local current = redis.call('HGET', KEYS[1], 'version')
if not current then
  return -1
end
if ARGV[1] == 'version' and current ~= ARGV[2] then
  return 0
end
redis.call('DEL', KEYS[1])
-- a partition without a feed hash starts a new epoch (as in put.lua)
if redis.call('HSETNX', KEYS[2], 'e', ARGV[3]) == 1 then
  redis.call('HSET', KEYS[2], 's', string.format('%d', tonumber(ARGV[6]) * 1000))
  redis.call('DEL', KEYS[3])
end
local seq = string.format('%d', redis.call('HINCRBY', KEYS[2], 's', 1))
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[4], seq .. '-0', 'i', ARGV[5], 'v', '', 't', ARGV[6])
return 1
