"""The attack shapes of #33 against a running session server on 127.0.0.1 (loadtest/attack.sh starts one per shape).

Attackers connect from 127.0.0.2 and up (other loopback addresses, as a remote attacker's address is not the
legitimate client's); the legitimate client connects from 127.0.0.1 and, every 100 ms while the attack holds, reads a
small session that exists (expecting 200) within a 2 s timeout, and on the shapes that allow it writes it too. Every
shape is bounded in time, talks to 127.0.0.1 only and closes every connection it opened. Prints one JSON object.

    python3 attack.py SHAPE --port P --token READ --writer-token RW [--seconds S] [--count N] [--redis-pid PID]
"""
import argparse
import hashlib
import json
import os
import re
import signal
import socket
import struct
import subprocess
import threading
import time
import urllib.error
import urllib.request

SESSION_TYPE = "application/vnd.sessiondata.java"


def parse():
    parser = argparse.ArgumentParser()
    parser.add_argument("shape")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--writer-token", required=True)
    parser.add_argument("--seconds", type=int, default=45)
    parser.add_argument("--count", type=int, default=0, help="the shape's connection or request count")
    parser.add_argument("--redis-pid", type=int, default=0)
    parser.add_argument("--redis-port", type=int, default=0)
    parser.add_argument("--sources", type=int, default=200, help="source addresses the attackers spread over")
    return parser.parse_args()


ARGS = parse()
BASE = "http://127.0.0.1:%d" % ARGS.port
opened = []
refused_at_connect = [0]
lock = threading.Lock()


def request(method, path, token, body=None, headers=None, timeout=2.0):
    """(status, seconds) of one request; status 0 when it failed or timed out."""
    all_headers = {"Authorization": "Bearer " + token}
    if body is not None:
        all_headers["Content-Type"] = SESSION_TYPE
    all_headers.update(headers or {})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(urllib.request.Request(BASE + path, data=body, method=method,
                                                           headers=all_headers), timeout=timeout) as answer:
            answer.read()
            status = answer.status
    except urllib.error.HTTPError as answer:
        status = answer.code
    except OSError:
        status = 0
    return status, time.monotonic() - started


def attacker_socket(index, receive_buffer=0):
    """A connection from 127.0.0.(2 + index % sources), or None when the connect itself failed."""
    s = socket.socket()
    if receive_buffer:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    s.bind(("127.0.0.%d" % (2 + index % ARGS.sources), 0))
    s.settimeout(2)
    try:
        s.connect(("127.0.0.1", ARGS.port))
    except OSError:
        with lock:
            refused_at_connect[0] += 1
        s.close()
        return None
    with lock:
        opened.append(s)
    return s


def send(s, data):
    try:
        s.sendall(data)
        return True
    except OSError:
        return False


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


def close_all():
    for s in opened:
        try:
            s.close()
        except OSError:
            pass


class Legitimate:
    """The legitimate client: a GET of a small existing session every 100 ms (and a PUT of it when writing)."""

    def __init__(self, writes, read_ok=(200,), write_ok=(200, 201)):
        self.writes, self.read_ok, self.write_ok = writes, read_ok, write_ok
        self.reads, self.written = [], []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self):
        n = 0
        while not self.stop.is_set():
            self.reads.append(request("GET", "/api/v1/sessions/legit-small", ARGS.token))
            if self.writes and n % 2 == 0:
                self.written.append(request("PUT", "/api/v1/sessions/legit-small", ARGS.writer_token, b"x" * 512))
            n += 1
            time.sleep(0.1)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join(5)

    @staticmethod
    def figures(samples, ok):
        served = [t for status, t in samples if status in ok]
        statuses = {}
        for status, _ in samples:
            statuses[str(status)] = statuses.get(str(status), 0) + 1
        served.sort()
        pick = lambda q: round(served[min(len(served) - 1, int(q * len(served)))] * 1000) if served else None
        return {"served": len(served), "total": len(samples),
                "share_percent": round(100.0 * len(served) / max(1, len(samples)), 1),
                "p50_ms": pick(0.5), "p99_ms": pick(0.99), "max_ms": round(served[-1] * 1000) if served else None,
                "statuses": statuses}

    def report(self):
        result = {"legitimate_reads": self.figures(self.reads, self.read_ok)}
        if self.writes:
            result["legitimate_writes"] = self.figures(self.written, self.write_ok)
        return result


def hold(seconds, tick=None, every=5.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(min(every, max(0.0, deadline - time.monotonic())))
        if tick:
            tick()


def prepare():
    status, _ = request("PUT", "/api/v1/sessions/legit-small", ARGS.writer_token, b"x" * 512, timeout=10)
    assert status in (200, 201), "the legitimate session could not be written: %d" % status


def connections_result():
    return {"attacking_connections": {"opened": len(opened), "refused_at_connect": refused_at_connect[0],
                                      "still_open_at_end": still_open()}}


# Finding 1: connections that each pipeline four GETs of one 2 MiB session and never read, plus readers that read.
def pipelined_readers():
    count = ARGS.count or 300
    big = os.urandom(2 * 1024 * 1024)
    status, _ = request("PUT", "/api/v1/sessions/big-2m", ARGS.writer_token, big, timeout=30)
    assert status in (200, 201), status
    get = ("GET /api/v1/sessions/big-2m HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer %s\r\n\r\n"
           % ARGS.token).encode()
    reader_answers = []
    stop = threading.Event()

    def reading_reader():
        while not stop.is_set():
            reader_answers.append(request("GET", "/api/v1/sessions/big-2m", ARGS.token, timeout=10))

    with Legitimate(writes=True) as legitimate:
        for i in range(count):
            s = attacker_socket(i, receive_buffer=4096)
            if s:
                send(s, get * 4)
        readers = [threading.Thread(target=reading_reader, daemon=True) for _ in range(8)]
        for r in readers:
            r.start()
        hold(ARGS.seconds)
        stop.set()
        for r in readers:
            r.join(15)
    result = legitimate.report()
    result["reading_readers_of_2MiB"] = Legitimate.figures(reader_answers, (200,))
    result.update(connections_result())
    return result


# Finding 2: connections that send nothing, spread over source addresses so that the global cap is reached too.
def silent():
    count = ARGS.count or 16000
    with Legitimate(writes=False) as legitimate:
        for i in range(count):
            attacker_socket(i)
        hold(ARGS.seconds)
    result = legitimate.report()
    result.update(connections_result())
    return result


# Finding 2: connections that send a request line, then a header line every 10 s.
def trickling():
    count = ARGS.count or 3000
    heads = []
    with Legitimate(writes=False) as legitimate:
        for i in range(count):
            s = attacker_socket(i)
            if s and send(s, b"GET /api/v1/sessions/x HTTP/1.1\r\nHost: localhost\r\n"):
                heads.append(s)
        hold(ARGS.seconds, lambda: [send(s, b"X-Line: a\r\n") for s in heads], every=10)
    result = legitimate.report()
    result.update(connections_result())
    return result


# Finding 3: read-write connections that announce a 2 MiB PUT and send a byte every 5 s.
def slow_bodies():
    count = ARGS.count or 8
    bodies = []
    with Legitimate(writes=True) as legitimate:
        for i in range(count):
            s = attacker_socket(i)
            if s and send(s, ("PUT /api/v1/sessions/slow-%d HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer %s\r\n"
                              "Content-Type: %s\r\nContent-Length: %d\r\n\r\n"
                              % (i, ARGS.writer_token, SESSION_TYPE, 2 * 1024 * 1024)).encode()):
                bodies.append(s)
        hold(ARGS.seconds, lambda: [send(s, b"a") for s in bodies])
    result = legitimate.report()
    result.update(connections_result())
    return result


# Finding 4: the store is full (attack.sh fills Redis past maxmemory, noeviction); reads must still answer.
def full_store():
    redis = ["redis-cli", "-p", str(ARGS.redis_port)]
    subprocess.run(redis + ["debug", "populate", "200000", "attack-fill", "200"], check=True, capture_output=True)
    used = int(re.search(r"used_memory:(\d+)", subprocess.run(redis + ["info", "memory"], check=True,
                                                                capture_output=True, text=True).stdout).group(1))
    subprocess.run(redis + ["config", "set", "maxmemory-policy", "noeviction"], check=True, capture_output=True)
    subprocess.run(redis + ["config", "set", "maxmemory", str(used - 1024 * 1024)], check=True, capture_output=True)
    with Legitimate(writes=True, write_ok=(200, 201, 507)) as legitimate:
        hold(ARGS.seconds)
    return legitimate.report()


def one_nio_enum(index, size):
    """A One Nio enum descriptor of about `size` bytes whose uid is One Nio's digest of it."""
    name = ("attack.Enum%d" % index).encode()
    constant_count = size // 66
    constants = b"".join(struct.pack(">H", 64) + (b"C%063d" % c) for c in range(constant_count))
    body_after_uid = struct.pack(">H", constant_count) + constants
    kind = b"one.nio.serial.EnumSerializer"
    md5 = hashlib.md5(struct.pack(">H", len(kind)) + kind + struct.pack(">H", len(name)) + name + bytes(8)
                      + body_after_uid).digest()
    uid = int.from_bytes(md5[:8], "big") & 0x7FFFFFFFFFFFFFFF
    return uid, struct.pack(">bH", -47, len(name)) + name + struct.pack(">q", uid) + body_after_uid


# Finding 5: connections asking for full descriptor pages (64 descriptors of 60 KiB) and never reading them.
def schema_listers():
    count = ARGS.count or 200
    descriptors = [one_nio_enum(i, 60 * 1024) for i in range(64)]
    for part in (descriptors[:32], descriptors[32:]):
        batch = struct.pack(">i", len(part)) + b"".join(struct.pack(">qi", uid, len(d)) + d for uid, d in part)
        status, _ = request("PUT", "/api/v1/serializers/one-nio/descriptors", ARGS.writer_token, batch,
                            headers={"Content-Type": "application/vnd.sessiondata.one-nio-descriptors"}, timeout=30)
        assert status in (204,), "descriptor upload answered %d" % status
    page = ("GET /api/v1/serializers/one-nio/descriptors?limit=1000 HTTP/1.1\r\nHost: localhost\r\n"
            "Authorization: Bearer %s\r\n\r\n" % ARGS.token).encode()
    with Legitimate(writes=True) as legitimate:
        for i in range(count):
            s = attacker_socket(i, receive_buffer=4096)
            if s:
                send(s, page * 4)
        hold(ARGS.seconds)
    result = legitimate.report()
    result.update(connections_result())
    return result


# Finding 8: Redis frozen for 8 s while conditional writes (creates) are made; each answer against what was stored.
def frozen_store():
    count = ARGS.count or 12
    answers = [None] * count

    def create(i):
        answers[i] = request("PUT", "/api/v1/sessions/frozen-%d" % i, ARGS.writer_token, b"y" * 256,
                             headers={"If-None-Match": "*"}, timeout=30)

    os.kill(ARGS.redis_pid, signal.SIGSTOP)
    try:
        writers = [threading.Thread(target=create, args=(i,)) for i in range(count)]
        for w in writers:
            w.start()
            time.sleep(0.1)
        time.sleep(max(0.0, 8 - 0.1 * count))
    finally:
        os.kill(ARGS.redis_pid, signal.SIGCONT)
    for w in writers:
        w.join(40)
    time.sleep(1)
    rows = []
    for i in range(count):
        stored = request("GET", "/api/v1/sessions/frozen-%d" % i, ARGS.token, timeout=10)[0] == 200
        retry = request("PUT", "/api/v1/sessions/frozen-%d" % i, ARGS.writer_token, b"y" * 256,
                        headers={"If-None-Match": "*"}, timeout=10)[0]
        rows.append({"status": answers[i][0], "seconds": round(answers[i][1], 1), "stored": stored,
                     "conditional_retry": retry})
    by_status = {}
    for row in rows:
        key = str(row["status"])
        entry = by_status.setdefault(key, {"answered": 0, "stored": 0})
        entry["answered"] += 1
        entry["stored"] += row["stored"]
    with Legitimate(writes=True) as legitimate:
        hold(5)
    result = {"writes_during_freeze": by_status, "rows": rows,
              "store_unavailable_503_but_stored": sum(1 for r in rows if r["status"] == 503 and r["stored"])}
    result.update(legitimate.report())
    return result


# Finding 9: a logout (DELETE) racing a login's id change, and two id changes racing, on fresh sessions.
def id_change_race():
    rounds = ARGS.count or 200
    both_succeeded = resurrected = two_changes_won = two_copies = 0
    outcomes = {}
    for i in range(rounds):
        sid, new = "race-%d" % i, "race-%d-new" % i
        request("PUT", "/api/v1/sessions/" + sid, ARGS.writer_token, b"z" * 64, timeout=10)
        results = {}
        barrier = threading.Barrier(2)

        def run(name, method, path, headers=None):
            barrier.wait()
            results[name] = request(method, path, ARGS.writer_token, headers=headers, timeout=10)[0]

        threads = [threading.Thread(target=run, args=("delete", "DELETE", "/api/v1/sessions/" + sid)),
                   threading.Thread(target=run, args=("change", "POST", "/api/v1/sessions/%s/id" % sid,
                                                      {"Session-New-Id": new}))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(15)
        key = "delete %s, change %s" % (results.get("delete"), results.get("change"))
        outcomes[key] = outcomes.get(key, 0) + 1
        both_succeeded += results.get("delete") == 204 and results.get("change") == 201
        alive_new = request("GET", "/api/v1/sessions/" + new, ARGS.token, timeout=10)[0] == 200
        resurrected += results.get("delete") == 204 and alive_new
        request("DELETE", "/api/v1/sessions/" + new, ARGS.writer_token, timeout=10)

        sid2 = "race2-%d" % i
        request("PUT", "/api/v1/sessions/" + sid2, ARGS.writer_token, b"z" * 64, timeout=10)
        results = {}
        barrier = threading.Barrier(2)
        threads = [threading.Thread(target=run, args=(n, "POST", "/api/v1/sessions/%s/id" % sid2,
                                                      {"Session-New-Id": "%s-%s" % (sid2, n)})) for n in ("a", "b")]
        for t in threads:
            t.start()
        for t in threads:
            t.join(15)
        two_changes_won += results.get("a") == 201 and results.get("b") == 201
        live = sum(request("GET", "/api/v1/sessions/%s-%s" % (sid2, n), ARGS.token, timeout=10)[0] == 200
                   for n in ("a", "b"))
        two_copies += live > 1
        for n in ("a", "b"):
            request("DELETE", "/api/v1/sessions/%s-%s" % (sid2, n), ARGS.writer_token, timeout=10)
    return {"rounds": rounds, "delete_vs_change_outcomes": outcomes,
            "delete_and_change_both_succeeded": both_succeeded, "deleted_session_alive_under_new_id": resurrected,
            "two_changes_both_succeeded": two_changes_won, "two_live_copies": two_copies}


def raw_exchange(index, data, wait=5.0):
    """Sends `data` on a new connection and returns the status of the first answer (0 without one)."""
    s = attacker_socket(index)
    if not s:
        return 0
    send(s, data)
    s.settimeout(wait)
    received = b""
    try:
        while b"\r\n" not in received:
            chunk = s.recv(4096)
            if not chunk:
                break
            received += chunk
    except OSError:
        pass
    s.close()
    try:
        return int(received.split(b" ", 2)[1])
    except (IndexError, ValueError):
        return 0


# Finding 10: malformed chunked bodies, 9 KB chunk extensions, and connections that pipeline too many requests.
def malformed():
    count = ARGS.count or 200
    head = ("PUT /api/v1/sessions/chunked HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer %s\r\n"
            "Content-Type: %s\r\nTransfer-Encoding: chunked\r\n\r\n" % (ARGS.writer_token, SESSION_TYPE)).encode()
    shapes = {"bad_chunk_size": head + b"zz\r\nabc\r\n0\r\n\r\n",
              "chunk_extension_9KB": head + b"3;" + b"e" * 9 * 1024 + b"\r\nabc\r\n0\r\n\r\n",
              "too_many_pipelined": ("GET /api/v1/sessions/legit-small HTTP/1.1\r\nHost: localhost\r\n"
                                     "Authorization: Bearer %s\r\n\r\n" % ARGS.token).encode() * 40}
    answers = {}
    with Legitimate(writes=True) as legitimate:
        deadline = time.monotonic() + ARGS.seconds
        for name, data in shapes.items():
            statuses = {}
            for i in range(count):
                if time.monotonic() > deadline:
                    break
                status = raw_exchange(i, data)
                statuses[str(status)] = statuses.get(str(status), 0) + 1
            answers[name] = statuses
    result = {"first_answer_status_by_shape": answers}
    result.update(legitimate.report())
    return result


SHAPES = {"pipelined-readers": pipelined_readers, "silent": silent, "trickling": trickling,
          "slow-bodies": slow_bodies, "full-store": full_store, "schema-listers": schema_listers,
          "frozen-store": frozen_store, "id-change-race": id_change_race, "malformed": malformed}

if __name__ == "__main__":
    if ARGS.shape not in SHAPES:
        raise SystemExit("unknown shape %s; one of %s" % (ARGS.shape, ", ".join(SHAPES)))
    prepare()
    try:
        print(json.dumps(SHAPES[ARGS.shape](), sort_keys=True))
    finally:
        close_all()
