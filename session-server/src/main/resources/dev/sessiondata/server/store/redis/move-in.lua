-- Second step of an id change across slots: creates the session under the new id unless that id is taken.
-- KEYS[1]: the session hash under the new id. ARGV: data, serializer, the new version, ttl in milliseconds,
-- expires in epoch milliseconds, digest ('' for none), how long the new session lives until the change commits
-- (milliseconds), the index sets the session is in ('' for none; the 'indexes' field, which names them without
-- their partition, so it holds in the new partition too). Returns 0 when the new id is taken, else 1. The short
-- life is what keeps a change whose server stopped before its commit from leaving a copy behind for the session's
-- whole ttl. The index sets list the new id only from the last step (move-in-done.lua), with its announcement.
if redis.call('EXISTS', KEYS[1]) == 1 then
  return 0
end
redis.call('HSET', KEYS[1], 'data', ARGV[1], 'serializer', ARGV[2], 'version', ARGV[3], 'ttl', ARGV[4],
    'expires', ARGV[5])
if ARGV[6] ~= '' then
  redis.call('HSET', KEYS[1], 'digest', ARGV[6])
end
if ARGV[8] ~= '' then
  redis.call('HSET', KEYS[1], 'indexes', ARGV[8])
end
redis.call('PEXPIRE', KEYS[1], ARGV[7])
return 1
