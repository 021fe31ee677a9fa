#!/usr/bin/env python3
import json, sys, collections, re
# Aggregates `jfr print --json --events jdk.ExecutionSample --stack-depth 200 rec.jfr > rec.json`: samples per
# thread group, then self and inclusive samples of one group of threads (default webflux-http-epoll-*).
# usage: python3 jfr-threads.py rec.json [thread-prefix] [regex of the frames whose inclusive samples to list]
data = json.load(open(sys.argv[1]))
prefix = sys.argv[2] if len(sys.argv) > 2 else 'webflux-http-epoll'
events = data['recording']['events']
selfc = collections.Counter(); incl = collections.Counter(); threads = collections.Counter(); n = 0
for e in events:
    v = e['values']
    t = v.get('sampledThread') or {}
    name = t.get('javaName') or t.get('osName') or ''
    threads[name.rsplit('-',1)[0]] += 1
    if not name.startswith(prefix): continue
    frames = (v.get('stackTrace') or {}).get('frames') or []
    if not frames: continue
    n += 1
    def fn(f):
        m = f['method']; return m['type']['name'] + '.' + m['name']
    selfc[fn(frames[0])] += 1
    seen = set()
    for f in frames:
        k = fn(f)
        if k not in seen:
            seen.add(k); incl[k] += 1
print('samples per thread group:', threads.most_common(12))
print('samples on', prefix, n)
print('--- self top 40')
for k, c in selfc.most_common(40): print(f'{100*c/n:5.1f}% {c:6d} {k}')
print('--- inclusive (filtered)')
pat = re.compile(sys.argv[3] if len(sys.argv) > 3 else r'sessiondata|HttpObjectEncoder|writev|flush|Flux|Sinks|FeedPosition|wrappedBuffer|getBytes|split')
for k, c in incl.most_common(400):
    if pat.search(k): print(f'{100*c/n:5.1f}% {c:6d} {k}')
