-- Last step of an id change across slots, on the new id once the old one is deleted: gives the new session its
-- expiry. KEYS[1]: the session hash under the new id. ARGV: the new version, expires in epoch milliseconds.
-- Returns 0 when the session under the new id is gone or is another version (deleted or written meanwhile), else 1.
if redis.call('HGET', KEYS[1], 'version') ~= ARGV[1] then
  return 0
end
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
return 1
