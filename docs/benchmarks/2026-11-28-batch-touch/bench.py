import http.client, json, statistics, sys, time
port, token = int(sys.argv[1]), sys.argv[2]
H = {"Authorization": "Bearer " + token}
c = http.client.HTTPConnection("127.0.0.1", port)
def req(method, path, body=None, headers=None):
    h = dict(H); h.update(headers or {})
    c.request(method, path, body=body, headers=h)
    r = c.getresponse(); data = r.read(); return r.status, data
ids = ["bench-touch-%d" % i for i in range(500)]
payload = b"x" * 1024
for i in ids:
    s, _ = req("PUT", "/api/v1/sessions/" + i, payload, {"Content-Type": "application/vnd.sessiondata.java"})
    assert s in (200, 201), s
body = json.dumps({"ids": ids}).encode()
def singles():
    t = time.perf_counter()
    for i in ids:
        s, _ = req("POST", "/api/v1/sessions/%s/touch" % i)
        assert s == 204, s
    return time.perf_counter() - t
def batch():
    t = time.perf_counter()
    s, data = req("POST", "/api/v1/touches", body, {"Content-Type": "application/json"})
    assert s == 200, (s, data[:200])
    assert len(json.loads(data)["touched"]) == 500
    return time.perf_counter() - t
for _ in range(5): singles(); batch()  # warm-up
a = [singles() for _ in range(20)]
b = [batch() for _ in range(20)]
print("500 sessions: 500 single touches, median %.1f ms (min %.1f); one batch touch, median %.1f ms (min %.1f); ratio %.1fx"
      % (statistics.median(a)*1e3, min(a)*1e3, statistics.median(b)*1e3, min(b)*1e3, statistics.median(a)/statistics.median(b)))
for i in ids:
    req("DELETE", "/api/v1/sessions/" + i)
