-- Claims one change of a partition for an application group. KEYS[1]: the group's mark in the partition (the
-- highest sequence claimed). ARGV: the change's sequence, the mark's time to live in milliseconds.
-- Returns 1 when this claim is the first for that sequence (the mark was below it, or absent), else 0. Every claimer
-- claims a partition's changes in sequence order, so the first claim of a sequence finds the mark below it.
local mark = redis.call('GET', KEYS[1])
if mark and tonumber(mark) >= tonumber(ARGV[1]) then
  return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
