-- Conditional write of one session, committing what the store staged beside it. KEYS[1]: the session hash.
-- KEYS[2]: the staged hash (version, serializer, data, ttl, expiry, digest, index values and their expiry bucket of
-- the write, written by HSET just before, in the same slot, with an expiry of its own so that a write never committed
-- leaves nothing behind). The body never passes through Lua: moving it in and out of the interpreter costs Redis per
-- byte; RENAME moves it.
-- KEYS[3], KEYS[4]: the partition's feed hash (epoch 'e', last sequence 's') and change stream (the write is
-- recorded there, in this script, so that no committed write goes unannounced).
-- KEYS[5]: the key that keeps the session's index values past its expiry (RedisKeys#indexed), for the change that
-- tells of its expiry once Redis has dropped the hash.
-- KEYS[6..]: the index sets the write lists the session in (its index values, replacing those the session's
-- 'indexes' field names: each set's key without the index key prefix, one a line; the staged hash has the new field).
-- ARGV: condition (none | version | present | absent), expected version, now in epoch milliseconds, '1' when an
--       existing session keeps its own ttl (the write's ttl is then for a new session only), the write's ttl in
--       milliseconds (the one staged), the session id, the most sessions an index set lists, and what goes before
--       and after an id to make its session key (to drop ids of sessions gone from a full index set), the prefix
--       of every index set key, an epoch for the partition should it have none, the stream's approximate length
--       bound, the write's version, how long the index values are kept past the session's expiry (milliseconds),
--       the index expiry resolution (milliseconds, 0: exact) and the bucket of the staged ttl (the one staged).
-- Returns {0} when the condition fails (the staged hash is dropped, nothing written), {-1} when nothing is staged
-- (its HSET failed), {-2, i} when the index set KEYS[5 + i] is full (nothing written), else {1 when created or 2
-- when replaced, the expiry in epoch milliseconds}.
-- The index keys expire by bucket: the session's expiry rounded up to the resolution (its 'bucket' field). An index
-- set's expiry is raised to at least the bucket, the index values are kept until the bucket plus their time past
-- expiry, so no set outlives the sessions it lists by more than the resolution. A rewrite with the index values and
-- the bucket the session has makes no index call: its new expiry is within the bucket the keys have already. Else a
-- set that lists the session already is not added to again: a listed session leaves its set only with its own
-- delete, id change or index change, so a set its 'indexes' field names and that still exists (PTTL is not -2: an
-- evicting policy may have dropped it) lists it; a dropped set lists it again at its first write in a later bucket.
-- Each call from Lua costs Redis about as much as the command itself again (INFO commandstats), so a write makes as
-- few as it can: one read, the rename, the expiry, and the feed's two; an HSET only when the session keeps a ttl
-- other than the staged one (the staged expiry is now, ARGV[3], plus the staged ttl, and so is the staged bucket's).
-- The rename is the test that something is staged.
local current = redis.call('HMGET', KEYS[1], 'version', 'ttl', 'indexes', 'bucket')
local version = current[1]
local condition = ARGV[1]
if (condition == 'version' and version ~= ARGV[2])
    or (condition == 'present' and not version)
    or (condition == 'absent' and version) then
  redis.call('DEL', KEYS[2])
  return {0}
end
local ttl = ARGV[5]
if ARGV[4] == '1' and version and current[2] then
  ttl = current[2]
end
local listed = {}
if version and current[3] then
  for line in string.gmatch(current[3], '[^\n]+') do
    listed[ARGV[10] .. line] = true
  end
end
local most = tonumber(ARGV[7])
for i = 6, #KEYS do
  local key = KEYS[i]
  if not listed[key] and redis.call('SCARD', key) >= most then
    for _, other in ipairs(redis.call('SMEMBERS', key)) do
      if redis.call('EXISTS', ARGV[8] .. other .. ARGV[9]) == 0 then
        redis.call('SREM', key, other)
      end
    end
    if redis.call('SCARD', key) >= most then
      redis.call('DEL', KEYS[2])
      return {-2, i - 5}
    end
  end
end
local renamed = redis.pcall('RENAME', KEYS[2], KEYS[1])
if type(renamed) == 'table' and renamed.err then
  if string.find(renamed.err, 'no such key', 1, true) then
    return {-1}
  end
  -- anything else (Redis out of memory) is the write's failure, with Redis' own message
  return renamed
end
local expires = string.format('%d', tonumber(ARGV[3]) + tonumber(ttl))
local indexes = nil
if #KEYS > 5 then
  local lines = {}
  for i = 6, #KEYS do
    lines[#lines + 1] = string.sub(KEYS[i], #ARGV[10] + 1)
  end
  indexes = table.concat(lines, '\n')
end
local bucket = ARGV[16]
if ttl ~= ARGV[5] then
  if indexes then
    local resolution = tonumber(ARGV[15])
    bucket = expires
    if resolution > 0 then
      bucket = string.format('%d', math.ceil(tonumber(expires) / resolution) * resolution)
    end
    redis.call('HSET', KEYS[1], 'ttl', ttl, 'expires', expires, 'bucket', bucket)
  else
    redis.call('HSET', KEYS[1], 'ttl', ttl, 'expires', expires)
  end
end
redis.call('PEXPIRE', KEYS[1], ttl)
-- the bucket as a time to live from now: Redis' clock may not be the server's
local until_bucket = tonumber(bucket) - tonumber(ARGV[3])
local same = indexes ~= nil and bucket == current[4] and indexes == current[3]
if indexes and not same then
  redis.call('SET', KEYS[5], indexes, 'PX', until_bucket + tonumber(ARGV[14]))
elseif not indexes and next(listed) then
  redis.call('DEL', KEYS[5])
end
if next(listed) and not same then
  local kept = {}
  for i = 6, #KEYS do
    kept[KEYS[i]] = true
  end
  for key in pairs(listed) do
    if not kept[key] then
      redis.call('SREM', key, ARGV[6])
    end
  end
end
if not same then
  for i = 6, #KEYS do
    local remaining = redis.call('PTTL', KEYS[i])
    if remaining == -2 or not listed[KEYS[i]] then
      redis.call('SADD', KEYS[i], ARGV[6])
    end
    if remaining < until_bucket then
      redis.call('PEXPIRE', KEYS[i], until_bucket)
    end
  end
end
-- a partition without a feed hash (new, or the store was emptied; the increment then made it, at 1) starts a new
-- epoch whose sequence numbers start above any of an earlier one's (now in milliseconds x 1000), so that a reader of
-- the stream sees the jump
local seq = redis.call('HINCRBY', KEYS[3], 's', 1)
if seq == 1 then
  seq = tonumber(ARGV[3]) * 1000 + 1
  redis.call('HSET', KEYS[3], 'e', ARGV[11], 's', string.format('%d', seq))
  redis.call('DEL', KEYS[4])
end
seq = string.format('%d', seq)
if version then
  redis.call('XADD', KEYS[4], 'MAXLEN', '~', ARGV[12], seq .. '-0', 'i', ARGV[6], 'v', ARGV[13], 't', ARGV[3])
  return {2, expires}
end
-- a create says so ('k' 'c'), for the application events, with its index values ('n') when it has some; an
-- update, the most common entry, carries neither
if indexes then
  redis.call('XADD', KEYS[4], 'MAXLEN', '~', ARGV[12], seq .. '-0', 'i', ARGV[6], 'v', ARGV[13], 't', ARGV[3], 'k', 'c',
      'n', indexes)
  return {1, expires}
end
redis.call('XADD', KEYS[4], 'MAXLEN', '~', ARGV[12], seq .. '-0', 'i', ARGV[6], 'v', ARGV[13], 't', ARGV[3], 'k', 'c')
return {1, expires}
