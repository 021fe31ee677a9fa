-- Conditional write of one session, committing what the store staged beside it. KEYS[1]: the session hash.
-- KEYS[2]: the staged hash (version, serializer, data, ttl and digest of the write, written by HSET just before,
-- in the same slot, with an expiry of its own so that a write never committed leaves nothing behind). The body
-- never passes through Lua: moving it in and out of the interpreter cost Redis ~3 µs per KB; RENAME moves it.
-- ARGV: condition (none | version | present | absent), expected version, now in epoch milliseconds, '1' when an
--       existing session keeps its own ttl (the staged ttl is then for a new session only).
-- Returns {0} when the condition fails (the staged hash is dropped, nothing written), {-1} when nothing is staged
-- (its HSET failed), else {1 when created or 2 when replaced, the expiry in epoch milliseconds}.
if redis.call('EXISTS', KEYS[2]) == 0 then
  return {-1}
end
local current = redis.call('HGET', KEYS[1], 'version')
local condition = ARGV[1]
if (condition == 'version' and current ~= ARGV[2])
    or (condition == 'present' and not current)
    or (condition == 'absent' and current) then
  redis.call('DEL', KEYS[2])
  return {0}
end
local ttl = false
if ARGV[4] == '1' and current then
  ttl = redis.call('HGET', KEYS[1], 'ttl')
end
if ttl then
  redis.call('HSET', KEYS[2], 'ttl', ttl)
else
  ttl = redis.call('HGET', KEYS[2], 'ttl')
end
local expires = string.format('%d', tonumber(ARGV[3]) + tonumber(ttl))
redis.call('HSET', KEYS[2], 'expires', expires)
redis.call('RENAME', KEYS[2], KEYS[1])
redis.call('PEXPIRE', KEYS[1], ttl)
if current then
  return {2, expires}
end
return {1, expires}
