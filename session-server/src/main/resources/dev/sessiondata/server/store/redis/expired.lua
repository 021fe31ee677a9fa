-- Records that Redis expired a session, once, whichever instances heard of it. KEYS[1]: the session hash (absent,
-- unless the id was written again since). KEYS[2]: the session's expiry mark. KEYS[3], KEYS[4]: the partition's feed
-- hash and change stream. KEYS[5]: the session's index values kept past its expiry (RedisKeys#indexed), absent for a
-- session without any. ARGV: the session id, an epoch for the partition should it have none, the stream's
-- approximate length bound, now in epoch milliseconds, the mark's time to live in milliseconds, the prefix of every
-- index set key of the partition.
-- The change tells the index values ('n'), and the session leaves those index sets now rather than at their next
-- lookup. Returns 1 when recorded, 0 when another instance recorded it or the id lives again.
if redis.call('EXISTS', KEYS[1]) == 1 then
  return 0
end
if not redis.call('SET', KEYS[2], '1', 'NX', 'PX', ARGV[5]) then
  return 0
end
-- as in put.lua: a partition without a feed hash starts a new epoch
local seq = redis.call('HINCRBY', KEYS[3], 's', 1)
if seq == 1 then
  seq = tonumber(ARGV[4]) * 1000 + 1
  redis.call('HSET', KEYS[3], 'e', ARGV[2], 's', string.format('%d', seq))
  redis.call('DEL', KEYS[4])
end
seq = string.format('%d', seq)
local indexes = redis.call('GET', KEYS[5])
if indexes then
  redis.call('DEL', KEYS[5])
  for line in string.gmatch(indexes, '[^\n]+') do
    redis.call('SREM', ARGV[6] .. line, ARGV[1])
  end
  redis.call('XADD', KEYS[4], 'MAXLEN', '~', ARGV[3], seq .. '-0', 'i', ARGV[1], 'v', '', 't', ARGV[4], 'k', 'x',
      'n', indexes)
  return 1
end
redis.call('XADD', KEYS[4], 'MAXLEN', '~', ARGV[3], seq .. '-0', 'i', ARGV[1], 'v', '', 't', ARGV[4], 'k', 'x')
return 1
