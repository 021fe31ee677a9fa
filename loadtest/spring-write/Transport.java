import java.io.*;
import java.net.*;
import java.net.http.*;
import java.nio.file.*;
import java.security.MessageDigest;
import java.util.*;

/**
 * GET + conditional PUT of one session against the server, interleaved, by transport: "httpclient" (JDK HttpClient,
 * direct executor), "urlconnection" (HttpURLConnection, the body buffered as the client sends it) and "streamed"
 * (HttpURLConnection, the body streamed with a fixed length).
 * args: base-uri token size pairs rounds server-pid [transport,transport...] (default httpclient,urlconnection)
 */
public class Transport {
    static String base, token; static byte[] body; static String digest;
    public static void main(String[] a) throws Exception {
        base = a[0]; token = a[1]; int size = Integer.parseInt(a[2]); int n = Integer.parseInt(a[3]); int rounds = Integer.parseInt(a[4]); long spid = Long.parseLong(a[5]);
        body = new byte[size]; new Random(1).nextBytes(body);
        digest = "sha-256=:" + Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(body)) + ":";
        HttpClient hc = HttpClient.newBuilder().executor(Runnable::run).version(HttpClient.Version.HTTP_1_1).build();
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        String id = "t" + Long.toHexString(System.nanoTime());
        huc("PUT", id, null, body, false);
        Map<String, List<Long>> lat = new TreeMap<>(); Map<String, long[]> cpu = new TreeMap<>();
        List<String> modes = List.of((a.length > 6 ? a[6] : "httpclient,urlconnection").split(","));
        for (int r = -2; r < rounds; r++) for (String mode : (r % 2 == 0 ? modes : reversed(modes))) {
            long c0 = os.getProcessCpuTime(), s0 = scpu(spid);
            List<Long> l = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                long t0 = System.nanoTime();
                String etag = mode.equals("httpclient") ? hc(hc, "GET", id, null, null) : huc("GET", id, null, null, false);
                long t1 = System.nanoTime();
                if (mode.equals("httpclient")) hc(hc, "PUT", id, etag, body); else huc("PUT", id, etag, body, mode.equals("streamed"));
                long t2 = System.nanoTime();
                l.add(t1 - t0); l.add(-(t2 - t1));
            }
            long c1 = os.getProcessCpuTime(), s1 = scpu(spid);
            if (r < 0) continue;
            lat.computeIfAbsent(mode, k -> new ArrayList<>()).addAll(l);
            long[] c = cpu.computeIfAbsent(mode, k -> new long[2]); c[0] += (c1 - c0) / n; c[1] += (s1 - s0) * 10_000_000L / n;
        }
        System.out.printf("size %d, %d x %d, load %s%n", size, n, rounds, Files.readString(Path.of("/proc/loadavg")).trim());
        for (var e : lat.entrySet()) {
            long[] g = e.getValue().stream().filter(x -> x > 0).mapToLong(x -> x).sorted().toArray();
            long[] p = e.getValue().stream().filter(x -> x < 0).mapToLong(x -> -x).sorted().toArray();
            long[] c = cpu.get(e.getKey());
            System.out.printf("%-14s GET p50 %5d p90 %5d µs | PUT p50 %5d p90 %5d µs | client CPU %5d µs, server CPU %5d µs per GET+PUT%n", e.getKey(),
                g[g.length / 2] / 1000, g[g.length * 9 / 10] / 1000, p[p.length / 2] / 1000, p[p.length * 9 / 10] / 1000, c[0] / rounds / 1000, c[1] / rounds / 1000);
        }
    }
    static List<String> reversed(List<String> modes) { List<String> r = new ArrayList<>(modes); Collections.reverse(r); return r; }
    static long scpu(long pid) throws IOException { String s = Files.readString(Path.of("/proc/" + pid + "/stat")); String[] f = s.substring(s.lastIndexOf(')') + 2).split(" "); return Long.parseLong(f[11]) + Long.parseLong(f[12]); }
    static String hc(HttpClient c, String m, String id, String etag, byte[] b) throws Exception {
        var r = HttpRequest.newBuilder(URI.create(base + "/api/v1/sessions/" + id)).header("Authorization", "Bearer " + token);
        if (etag != null) r.header("If-Match", etag);
        if (b != null) r.header("Content-Type", "application/vnd.sessiondata.one-nio").header("Content-Digest", digest).PUT(HttpRequest.BodyPublishers.ofByteArray(b)); else r.GET();
        var resp = c.send(r.build(), HttpResponse.BodyHandlers.ofByteArray());
        if (resp.statusCode() / 100 != 2) throw new IOException(m + " " + resp.statusCode());
        return resp.headers().firstValue("ETag").orElse(null);
    }
    static String huc(String m, String id, String etag, byte[] b, boolean streamed) throws Exception {
        var c = (HttpURLConnection) URI.create(base + "/api/v1/sessions/" + id).toURL().openConnection(Proxy.NO_PROXY);
        c.setRequestMethod(m); c.setRequestProperty("Authorization", "Bearer " + token);
        if (etag != null) c.setRequestProperty("If-Match", etag);
        if (b != null) { c.setRequestProperty("Content-Type", "application/vnd.sessiondata.one-nio"); c.setRequestProperty("Content-Digest", digest); c.setDoOutput(true); if (streamed) c.setFixedLengthStreamingMode(b.length); try (var o = c.getOutputStream()) { o.write(b); } }
        int s = c.getResponseCode();
        try (var in = s < 400 ? c.getInputStream() : c.getErrorStream()) { if (in != null) in.readAllBytes(); }
        if (s / 100 != 2) throw new IOException(m + " " + s);
        return c.getHeaderField("ETag");
    }
}
