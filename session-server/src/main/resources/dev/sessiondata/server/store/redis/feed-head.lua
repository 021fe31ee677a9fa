-- Where one partition's change feed is. KEYS[1]: the partition's feed hash. ARGV: an epoch for the partition
-- should it have none (a new or emptied store), now in epoch milliseconds (its sequence numbers then start above
-- now x 1000, as in put.lua). Returns {epoch, last sequence}.
if redis.call('HSETNX', KEYS[1], 'e', ARGV[1]) == 1 then
  redis.call('HSET', KEYS[1], 's', string.format('%d', tonumber(ARGV[2]) * 1000))
end
return redis.call('HMGET', KEYS[1], 'e', 's')
