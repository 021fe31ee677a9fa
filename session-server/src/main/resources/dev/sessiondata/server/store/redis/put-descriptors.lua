-- All-or-nothing upload of a descriptor batch. KEYS[1]: the descriptor hash (uid hex -> bytes, no expiry),
-- KEYS[2]: the sorted set of its uids (all scored 0: ordered by their hex digits, for paging), KEYS[3]: the total
-- of its bytes. ARGV[1]: the most bytes KEYS[1] may hold; then uid, bytes, uid, bytes...
-- Returns {added} when stored, {0, uid...} naming the uids held with other bytes, or {-1} when the new descriptors
-- would pass ARGV[1]; a refused batch stores nothing.
local result = {0}
local fresh = {}
local freshBytes = 0
for i = 2, #ARGV, 2 do
  local known = redis.call('HGET', KEYS[1], ARGV[i])
  if known then
    if known ~= ARGV[i + 1] then
      result[#result + 1] = ARGV[i]
    end
  elseif not fresh[ARGV[i]] then
    fresh[ARGV[i]] = true
    freshBytes = freshBytes + #ARGV[i + 1]
  end
end
if #result > 1 then
  return result
end
local total = tonumber(redis.call('GET', KEYS[3]) or '0')
if total + freshBytes > tonumber(ARGV[1]) then
  return {-1}
end
for i = 2, #ARGV, 2 do
  if redis.call('HSETNX', KEYS[1], ARGV[i], ARGV[i + 1]) == 1 then
    redis.call('ZADD', KEYS[2], 0, ARGV[i])
    result[1] = result[1] + 1
  end
end
if freshBytes > 0 then
  redis.call('INCRBY', KEYS[3], freshBytes)
end
return result
