-- Last step of an id change across slots, on the new id once the old one is deleted: gives the new session its
-- expiry, lists it in the index sets its 'indexes' field names and records it as written. KEYS[1]: the session
-- hash under the new id. KEYS[2], KEYS[3]: its partition's feed hash and change stream. KEYS[4]: the key that keeps
-- its index values past its expiry (RedisKeys#indexed). ARGV: the new version, expires in epoch milliseconds, the
-- new id, the prefix of every index set key of its partition, an epoch for the partition should it have none, the
-- stream's approximate length bound, now in epoch milliseconds, how long the index values are kept past the
-- session's expiry (milliseconds).
-- Returns 0 when the session under the new id is gone or is another version (deleted or written meanwhile), else 1.
local current = redis.call('HMGET', KEYS[1], 'version', 'indexes')
if current[1] ~= ARGV[1] then
  return 0
end
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
if current[2] then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl > 0 then
    redis.call('SET', KEYS[4], current[2], 'PX', ttl + tonumber(ARGV[8]))
  end
  for line in string.gmatch(current[2], '[^\n]+') do
    local set = ARGV[4] .. line
    redis.call('SADD', set, ARGV[3])
    if ttl > 0 and redis.call('PTTL', set) < ttl then
      redis.call('PEXPIRE', set, ttl)
    end
  end
end
-- as in put.lua: a partition without a feed hash starts a new epoch
local seq = redis.call('HINCRBY', KEYS[2], 's', 1)
if seq == 1 then
  seq = tonumber(ARGV[7]) * 1000 + 1
  redis.call('HSET', KEYS[2], 'e', ARGV[5], 's', string.format('%d', seq))
  redis.call('DEL', KEYS[3])
end
seq = string.format('%d', seq)
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[6], seq .. '-0', 'i', ARGV[3], 'v', ARGV[1], 't', ARGV[7])
return 1
