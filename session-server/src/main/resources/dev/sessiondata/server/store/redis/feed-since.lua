-- The changes of one partition after a position. KEYS[1], KEYS[2]: the partition's feed hash and change stream.
-- ARGV: the first entry id wanted ('<sequence>-0'), the most entries to answer.
-- Returns {epoch or false, last sequence or false, the oldest entry's id or false, the entries from ARGV[1] on}:
-- the caller tells from these whether the history still reaches back to its position.
local feed = redis.call('HMGET', KEYS[1], 'e', 's')
local oldest = redis.call('XRANGE', KEYS[2], '-', '+', 'COUNT', 1)
local entries = redis.call('XRANGE', KEYS[2], ARGV[1], '+', 'COUNT', ARGV[2])
return {feed[1], feed[2], oldest[1] and oldest[1][1] or false, entries}
