-- Conditional write of one session, committing what the store staged beside it. KEYS[1]: the session hash.
-- KEYS[2]: the staged hash (version, serializer, data, ttl and digest of the write, written by HSET just before,
-- in the same slot, with an expiry of its own so that a write never committed leaves nothing behind). The body
-- never passes through Lua: moving it in and out of the interpreter cost Redis ~3 µs per KB; RENAME moves it.
-- KEYS[3], KEYS[4]: the partition's feed hash (epoch 'e', last sequence 's') and change stream (the write is
-- recorded there, in this script, so that no committed write goes unannounced).
-- ARGV: condition (none | version | present | absent), expected version, now in epoch milliseconds, '1' when an
--       existing session keeps its own ttl (the write's ttl is then for a new session only), the write's ttl in
--       milliseconds (the one staged), an epoch for the partition should it have none, the stream's approximate
--       length bound, the session id, the write's version.
-- Returns {0} when the condition fails (the staged hash is dropped, nothing written), {-1} when nothing is staged
-- (its HSET failed), else {1 when created or 2 when replaced, the expiry in epoch milliseconds}.
-- Each call from Lua costs Redis about as much as the command itself again (INFO commandstats, 10 KB writes on a
-- loaded machine: the old script of seven calls took 16.1 µs per write, its calls 8.5 µs of that; this one of four
-- calls 12.6 µs), so it makes four: one read, the rename, one HSET of both fields, the expiry. The rename is the
-- test that something is staged.
local current = redis.call('HMGET', KEYS[1], 'version', 'ttl')
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
local renamed = redis.pcall('RENAME', KEYS[2], KEYS[1])
if type(renamed) == 'table' and renamed.err then
  if string.find(renamed.err, 'no such key', 1, true) then
    return {-1}
  end
  -- anything else (Redis out of memory) is the write's failure, with Redis' own message
  return renamed
end
local expires = string.format('%d', tonumber(ARGV[3]) + tonumber(ttl))
redis.call('HSET', KEYS[1], 'ttl', ttl, 'expires', expires)
redis.call('PEXPIRE', KEYS[1], ttl)
-- a partition without a feed hash (new, or the store was emptied) starts a new epoch whose sequence numbers start
-- above any of an earlier one's (now in milliseconds x 1000), so that a reader of the stream sees the jump
if redis.call('HSETNX', KEYS[3], 'e', ARGV[6]) == 1 then
  redis.call('HSET', KEYS[3], 's', string.format('%d', tonumber(ARGV[3]) * 1000))
  redis.call('DEL', KEYS[4])
end
local seq = string.format('%d', redis.call('HINCRBY', KEYS[3], 's', 1))
redis.call('XADD', KEYS[4], 'MAXLEN', '~', ARGV[7], seq .. '-0', 'i', ARGV[8], 'v', ARGV[9], 't', ARGV[3])
if version then
  return {2, expires}
end
return {1, expires}
