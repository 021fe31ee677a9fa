-- One page of the live sessions an index set lists. KEYS[1]: the index set. ARGV: what goes before and after an
-- id to make its session key, the id the page starts after ('' from the first), the most sessions on the page.
-- An id whose session is gone (expired) leaves the set here. The set is bounded by the write's script, so this
-- reads at most that many sessions' versions.
-- Returns {next ('' when this page is the last), id, version, id, version, ...}, ids in byte order.
local ids = redis.call('SMEMBERS', KEYS[1])
table.sort(ids)
local limit = tonumber(ARGV[4])
local page = {''}
local count = 0
for _, id in ipairs(ids) do
  if ARGV[3] == '' or id > ARGV[3] then
    local version = redis.call('HGET', ARGV[1] .. id .. ARGV[2], 'version')
    if not version then
      redis.call('SREM', KEYS[1], id)
    elseif count == limit then
      page[1] = page[#page - 1]
      break
    else
      page[#page + 1] = id
      page[#page + 1] = version
      count = count + 1
    end
  end
end
return page
