-- All-or-nothing upload of a descriptor batch. KEYS[1]: the descriptor hash (uid hex -> bytes, no expiry).
-- ARGV: uid, bytes, uid, bytes...
-- Returns {added} when stored, or {0, uid...} naming the uids held with other bytes (then nothing is stored).
local result = {0}
for i = 1, #ARGV, 2 do
  local known = redis.call('HGET', KEYS[1], ARGV[i])
  if known and known ~= ARGV[i + 1] then
    result[#result + 1] = ARGV[i]
  end
end
if #result > 1 then
  return result
end
for i = 1, #ARGV, 2 do
  result[1] = result[1] + redis.call('HSETNX', KEYS[1], ARGV[i], ARGV[i + 1])
end
return result
