-- Reads one session if its body is at most a ceiling, and moves its expiry to now plus its ttl when asked.
-- KEYS[1]: the session hash; KEYS[2]: the key that keeps its index values past its expiry (RedisKeys#indexed).
-- ARGV: the ceiling in bytes; '1' to slide, '0' to only look; now in epoch milliseconds; the prefix of every index set
-- key (the sets a slide keeps alive, as touch.lua does); how long the index values are kept past the session's new
-- expiry (milliseconds: their time past expiry and the index expiry resolution, so that a slide never moves theirs
-- before the bucket a write gave them, put.lua).
-- Returns {} when absent; {length} when the body is longer than the ceiling (then nothing is read and nothing moves);
-- else {data, serializer, version, ttl, expires, digest or false, slid}: slid is 1 when the expiry moved (expires is
-- the new one), 0 when not asked, -1 when Redis refused the move for want of memory (expires is the stored one).
-- Only a body within the ceiling passes through Lua; the caller chose the ceiling it has room for.
local length = redis.call('HSTRLEN', KEYS[1], 'data')
if length > tonumber(ARGV[1]) then
  return {length}
end
local session = redis.call('HMGET', KEYS[1], 'data', 'serializer', 'version', 'ttl', 'expires', 'digest', 'indexes')
if not session[3] then
  return {}
end
local slid = 0
if ARGV[2] == '1' then
  local ttl = session[4]
  local expires = string.format('%d', tonumber(ARGV[3]) + tonumber(ttl))
  -- at maxmemory with noeviction the first write of a script is refused: the read stands, with the stored expiry
  local written = redis.pcall('HSET', KEYS[1], 'expires', expires)
  if type(written) == 'table' and written.err then
    if string.sub(written.err, 1, 3) ~= 'OOM' then
      return written
    end
    slid = -1
  else
    redis.call('PEXPIRE', KEYS[1], ttl)
    if session[7] then
      redis.call('PEXPIRE', KEYS[2], tonumber(ttl) + tonumber(ARGV[5]))
      for line in string.gmatch(session[7], '[^\n]+') do
        local key = ARGV[4] .. line
        if redis.call('PTTL', key) < tonumber(ttl) then
          redis.call('PEXPIRE', key, ttl)
        end
      end
    end
    session[5] = expires
    slid = 1
  end
end
return {session[1], session[2], session[3], session[4], session[5], session[6], slid}
