#!/bin/sh
# As the official redis image does: redis-server listens to other containers too (protected mode would refuse
# them, there being no password on this private network). Options after a configuration file are allowed.
if [ "${1:-}" = redis-server ]; then
  shift
  exec redis-server "$@" --protected-mode no
fi
exec "$@"
