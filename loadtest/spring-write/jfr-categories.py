#!/usr/bin/env python3
# Where a process's CPU samples went, per thread group and per layer: reads JFR execution samples (jfr print --json)
# of the Spring sample shop ("shop") or of the session server ("server"), drops the startup (samples before the first
# request plus SKIP seconds, 25 by default, of warm-up) and names each sample by the innermost frame that belongs to a
# layer below (HTTP client, serializer, digest, Spring, Tomcat, Netty, Lettuce, ...), then prints the frames most
# sampled in each layer. Native code (system calls) is not sampled: the shares are of the Java work.
#
#   loadtest/spring-write/jfr-categories.py shop shop-base.jfr shop-new.jfr
#   SKIP=40 loadtest/spring-write/jfr-categories.py server server-new.jfr
import json, sys, subprocess, collections, re
kind = sys.argv[1]
import os
SKIP = int(os.environ.get('SKIP', '25'))
SHOP = [
 ("digest (SHA-256)", r"sun\.security\.provider\.(SHA|Digest)|java\.security\.MessageDigest|ContentDigest"),
 ("one-nio serialize", r"SerializerSet\.serialize|SessionCodec\.encode|one\.nio\.serial\.Serializer\.write|one\.nio\.serial\.(Calc|Serialize|DataStream)"),
 ("one-nio deserialize", r"SerializerSet\.deserialize|SessionCodec\.decode|one\.nio\.serial\.Deserialize|SchemaExchanges\.read"),
 ("client metrics", r"MicrometerClientMetrics|MicrometerNearCacheEvents|RequestMetrics"),
 ("JSON/feed", r"ChangeFeed|ServerSentEvents|com\.fasterxml"),
 ("near cache", r"nearcache\.(NearCache|Touches|NearCacheInterceptor)"),
 ("HTTP client (HttpURLConnection)", r"UrlConnectionExchange|sun\.net\.www|java\.net\.HttpURLConnection"),
 ("JDK HttpClient", r"jdk\.internal\.net\.http"),
 ("session-client other", r"dev\.sessiondata\.client"),
 ("starter (session-spring)", r"dev\.sessiondata\.spring"),
 ("sample shop", r"dev\.sessiondata\.sample"),
 ("Spring Session Data Redis", r"org\.springframework\.session\.data\.redis"),
 ("Lettuce/Netty", r"io\.lettuce|io\.netty"),
 ("Java serialization", r"java\.io\.Object(In|Out)putStream"),
 ("Spring Session filter", r"org\.springframework\.session"),
 ("Spring MVC/Security", r"org\.springframework"),
 ("Tomcat", r"org\.apache\.(coyote|catalina|tomcat)"),
]
SERVER = [
 ("digest (SHA-256)", r"sun\.security\.provider\.(SHA|Digest)|java\.security\.MessageDigest|ContentDigests"),
 ("change feed", r"server\.changes|RedisSessionChanges"),
 ("Redis store (staging, script args)", r"store\.redis"),
 ("Lettuce", r"io\.lettuce"),
 ("metrics", r"server\.metrics|io\.micrometer"),
 ("session routes", r"server\.session"),
 ("HTTP pipeline (ours)", r"server\.http"),
 ("Reactor", r"reactor\.core"),
 ("Netty (HTTP parse, sockets)", r"io\.netty|reactor\.netty"),
]
cats = SHOP if kind == "shop" else SERVER
cats = [(n, re.compile(p)) for n, p in cats]
by_thread = collections.Counter(); by_cat = collections.defaultdict(collections.Counter); leaf = collections.defaultdict(collections.Counter)
total = 0
matched = collections.defaultdict(collections.Counter)
for f in sys.argv[2:]:
    out = subprocess.run(["jfr", "print", "--json", "--stack-depth", "256", "--events", "jdk.ExecutionSample", f], capture_output=True, text=True).stdout
    evs = json.loads(out)["recording"]["events"]
    marker = "SessionDataSessionRepository" if kind == "shop" else "SessionRoutes"
    import datetime
    def ts(ev): return datetime.datetime.fromisoformat(ev["values"]["startTime"][:19])
    first = min((ts(ev) for ev in evs if any(marker in fr["method"]["type"]["name"] for fr in (ev["values"]["stackTrace"] or {}).get("frames", []))), default=None)
    if first is None: first = min(ts(ev) for ev in evs)
    start = first + datetime.timedelta(seconds=SKIP)
    for ev in evs:
        if ts(ev) < start: continue
        v = ev["values"]; t = v["sampledThread"]; tn = (t.get("javaName") or t.get("osName") or "?")
        tg = re.sub(r"[0-9]+", "N", tn)
        frames = [fr["method"]["type"]["name"].replace("/", ".") + "." + fr["method"]["name"] for fr in (v["stackTrace"] or {}).get("frames", [])]
        if tg == "main" or any("SpringApplication.run" in x for x in frames): continue
        total += 1; by_thread[tg] += 1
        c = "other"
        for fr in frames:
            hit = next((n for n, p in cats if p.search(fr)), None)
            if hit: c = hit; matched[c][fr] += 1; break
        by_cat[tg][c] += 1
        if frames: leaf[c][frames[0]] += 1
print(f"{total} samples (startup excluded)")
for tg, n in by_thread.most_common(8):
    print(f"thread {tg}: {n} ({100*n/total:.1f}%)")
    for c, m in by_cat[tg].most_common(14):
        print(f"    {c:40s} {m:5d} {100*m/total:5.1f}%")
for c, cnt in matched.items():
    print("==", c, sum(cnt.values()))
    for fr, n in cnt.most_common(10): print("     ", n, fr)
    print("   leaves:", [(a.split('.')[-2]+'.'+a.split('.')[-1], b) for a, b in leaf[c].most_common(8)])
