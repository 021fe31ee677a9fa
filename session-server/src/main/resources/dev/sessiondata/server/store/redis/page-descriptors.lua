-- One page of a serializer's descriptors in uid order. KEYS[1]: the descriptor hash, KEYS[2]: the sorted set of its
-- uids. ARGV[1]: the lexical lower bound ('-' for the first page, '(' .. uid after the last one seen), ARGV[2]: the
-- most descriptors. Returns uid, bytes, uid, bytes...
local uids = redis.call('ZRANGEBYLEX', KEYS[2], ARGV[1], '+', 'LIMIT', 0, tonumber(ARGV[2]))
local result = {}
for _, uid in ipairs(uids) do
  result[#result + 1] = uid
  result[#result + 1] = redis.call('HGET', KEYS[1], uid)
end
return result
