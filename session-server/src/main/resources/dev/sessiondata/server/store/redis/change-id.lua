-- Id change of one session by one script: its old and new keys are in one slot (same partition), or the store is
-- no Cluster (one server: no slot rule, one script may touch every key).
-- KEYS[1]: the session hash under the old id. KEYS[2]: the session hash under the new id. KEYS[3], KEYS[4]: the old
-- id's partition's feed hash and change stream; KEYS[5], KEYS[6]: the new id's (the same keys in one partition).
-- KEYS[7], KEYS[8]: the keys that keep the session's index values past its expiry (RedisKeys#indexed) under the old
-- and the new id: the values move with the session.
-- ARGV: condition (version | present), expected version, the new version, the old id, the new id, the prefix of
-- every index set key of the old id's partition, of the new id's, an epoch for a partition that has none, the
-- streams' approximate length bound, now in epoch milliseconds.
-- Returns {-1} when there is no old session, {0} when the condition fails, {-2} when the new id is taken, else
-- {1, the expiry in epoch milliseconds}. RENAME moves the hash with its expiry and the body never passes through
-- Lua; a move marker a failed cross-slot change left (move-out.lua) goes with the rename and is dropped. The index
-- sets the session is in ('indexes') list the new id in place of the old one, and the change is recorded as the old
-- id deleted and the new id written, all in this script. The sets' expiries follow the session's, not its expiry
-- bucket (put.lua), so the hash forgets its bucket: its next write sets the bucket's expiries again.
local current = redis.call('HMGET', KEYS[1], 'version', 'expires', 'indexes')
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
redis.call('HDEL', KEYS[2], 'moving', 'bucket')
if current[3] then
  if redis.call('EXISTS', KEYS[7]) == 1 then
    redis.call('RENAME', KEYS[7], KEYS[8])
  end
  local ttl = redis.call('PTTL', KEYS[2])
  for line in string.gmatch(current[3], '[^\n]+') do
    redis.call('SREM', ARGV[6] .. line, ARGV[4])
    local set = ARGV[7] .. line
    redis.call('SADD', set, ARGV[5])
    if ttl > 0 and redis.call('PTTL', set) < ttl then
      redis.call('PEXPIRE', set, ttl)
    end
  end
end
-- as in put.lua: a partition without a feed hash starts a new epoch
-- the old id's entry is a move ('k' 'm'), no deletion: the session lives on under the new id
local function record(feed, stream, id, written, kind)
  local seq = redis.call('HINCRBY', feed, 's', 1)
  if seq == 1 then
    seq = tonumber(ARGV[10]) * 1000 + 1
    redis.call('HSET', feed, 'e', ARGV[8], 's', string.format('%d', seq))
    redis.call('DEL', stream)
  end
  seq = string.format('%d', seq)
  if kind then
    redis.call('XADD', stream, 'MAXLEN', '~', ARGV[9], seq .. '-0', 'i', id, 'v', written, 't', ARGV[10], 'k', kind)
  else
    redis.call('XADD', stream, 'MAXLEN', '~', ARGV[9], seq .. '-0', 'i', id, 'v', written, 't', ARGV[10])
  end
end
record(KEYS[3], KEYS[4], ARGV[4], '', 'm')
record(KEYS[5], KEYS[6], ARGV[5], ARGV[3], nil)
return {1, current[2]}
