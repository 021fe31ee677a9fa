"""Delay from a key's expiry to Redis's keyevent notification of it, with N other keys that have a long ttl."""
import socket, sys, time, threading, statistics

def resp(*args):
    out = b"*%d\r\n" % len(args)
    for a in args:
        a = a if isinstance(a, bytes) else str(a).encode()
        out += b"$%d\r\n%s\r\n" % (len(a), a)
    return out

class Conn:
    def __init__(self, port):
        self.s = socket.create_connection(("127.0.0.1", port)); self.f = self.s.makefile("rb")
    def read(self):
        line = self.f.readline()
        t = line[:1]; rest = line[1:-2]
        if t in (b"+", b"-", b":"): return rest
        if t == b"$":
            n = int(rest)
            if n < 0: return None
            data = self.f.read(n + 2)[:-2]; return data
        if t == b"*":
            n = int(rest); return [self.read() for _ in range(n)]
    def cmd(self, *args):
        self.s.sendall(resp(*args)); return self.read()

port = int(sys.argv[1]); others = int(sys.argv[2]); probes = int(sys.argv[3]); ttl_ms = 1000
c = Conn(port)
c.cmd("FLUSHALL"); c.cmd("CONFIG", "SET", "notify-keyspace-events", "Ex")
# the other keys: long ttl, as live sessions have
c.cmd("EVAL", "for i=1,tonumber(ARGV[1]) do redis.call('SET','other:'..i,'x','EX',3600) end return 1", 0, others)
sub = Conn(port); sub.cmd("SUBSCRIBE", "__keyevent@0__:expired")
heard = {}
def listen():
    while len(heard) < probes:
        m = sub.read()
        if m and m[0] == b"message": heard[m[2].decode()] = time.time()
threading.Thread(target=listen, daemon=True).start()
scan_rate = int(sys.argv[4]) if len(sys.argv) > 4 else 0
def scan():
    # as the service's expiry scan: SCAN ... MATCH probe:* a step of rate/10 keys every 100 ms
    s = Conn(port); cursor = b"0"
    while len(heard) < probes:
        cursor, _ = s.cmd("SCAN", cursor, "MATCH", "probe:*", "COUNT", max(10, scan_rate // 10))
        time.sleep(0.1)
if scan_rate: threading.Thread(target=scan, daemon=True).start()
expires = {}
for i in range(probes):
    key = "probe:%d" % i
    c.cmd("SET", key, "x", "PX", ttl_ms); expires[key] = time.time() + ttl_ms / 1000
    time.sleep(0.05)
deadline = time.time() + 900
while len(heard) < probes and time.time() < deadline: time.sleep(0.1)
delays = sorted(heard[k] - expires[k] for k in heard)
print("scan=%d/s others=%d probes=%d heard=%d delay s: min %.3f median %.3f p90 %.3f max %.3f" % (scan_rate, others, probes, len(heard),
      delays[0], statistics.median(delays), delays[int(len(delays) * 0.9) - 1], delays[-1]))
