import java.io.*;
import java.net.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

/**
 * Times the shops' write (POST /attribute) and read (GET /attribute) requests in microseconds, sequentially, shops
 * interleaved per round, and the CPU per request of each shop's processes from /proc/<pid>/stat.
 * args: size-bytes requests-per-step rounds shop... where shop = name,url,pid[,pid...]
 */
public class WriteTiming {
    record Shop(String name, String url, long[] pids, List<String> cookies) {}

    public static void main(String[] args) throws Exception {
        int size = Integer.parseInt(args[0]), n = Integer.parseInt(args[1]), rounds = Integer.parseInt(args[2]);
        List<Shop> shops = new ArrayList<>();
        for (int i = 3; i < args.length; i++) {
            String[] p = args[i].split(",");
            long[] pids = new long[p.length - 2];
            for (int j = 2; j < p.length; j++) pids[j - 2] = Long.parseLong(p[j]);
            shops.add(new Shop(p[0], p[1], pids, new ArrayList<>()));
        }
        for (Shop s : shops) for (int u = 0; u < 8; u++) s.cookies().add(seed(s, "user" + u, size));
        Map<String, List<long[]>> lat = new TreeMap<>();
        Map<String, double[]> cpu = new TreeMap<>();
        for (int r = -1; r < rounds; r++) {
            List<Shop> order = new ArrayList<>(shops);
            if ((r & 1) == 1) Collections.reverse(order);
            for (String op : List.of("write", "read")) for (Shop s : order) {
                long[] before = cpu(s.pids());
                long[] t = new long[n];
                for (int i = 0; i < n; i++) {
                    String cookie = s.cookies().get(i % s.cookies().size());
                    long t0 = System.nanoTime();
                    if (op.equals("write")) call(s.url() + "/attribute?name=currency&value=c" + i, "POST", cookie, null);
                    else call(s.url() + "/attribute?name=user", "GET", cookie, null);
                    t[i] = System.nanoTime() - t0;
                }
                long[] after = cpu(s.pids());
                if (r < 0) continue;
                String key = s.name() + " " + op;
                lat.computeIfAbsent(key, k -> new ArrayList<>()).add(t);
                double[] c = cpu.computeIfAbsent(key, k -> new double[s.pids().length]);
                for (int j = 0; j < c.length; j++) c[j] += (after[j] - before[j]) * 10_000.0 / n; // ticks of 10 ms -> µs
            }
        }
        System.out.printf("size %d B, %d requests x %d rounds, load %s%n", size, n, rounds,
                Files.readString(Path.of("/proc/loadavg")).trim());
        System.out.printf("%-28s %8s %8s %8s %8s   %s%n", "shop request", "p10 µs", "p50 µs", "p90 µs", "p99 µs", "CPU µs/request per process");
        for (var e : lat.entrySet()) {
            long[] all = e.getValue().stream().flatMapToLong(Arrays::stream).sorted().toArray();
            double[] c = cpu.get(e.getKey());
            StringBuilder cs = new StringBuilder();
            double sum = 0;
            for (double v : c) { cs.append(String.format("%6.0f ", v / rounds)); sum += v / rounds; }
            System.out.printf("%-28s %8d %8d %8d %8d   %s= %.0f%n", e.getKey(), pct(all, 10), pct(all, 50), pct(all, 90), pct(all, 99), cs, sum);
        }
    }

    static long pct(long[] sorted, int p) { return sorted[Math.min(sorted.length - 1, sorted.length * p / 100)] / 1000; }

    static long[] cpu(long[] pids) throws IOException {
        long[] c = new long[pids.length];
        for (int i = 0; i < pids.length; i++) {
            String s = Files.readString(Path.of("/proc/" + pids[i] + "/stat"));
            String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
            c[i] = Long.parseLong(f[11]) + Long.parseLong(f[12]);
        }
        return c;
    }

    static String seed(Shop s, String user, int size) throws IOException {
        String cookie = call(s.url() + "/login?user=" + user, "POST", null, null);
        StringBuilder form = new StringBuilder();
        int lines = Math.max(1, size / 100);
        for (int i = 0; i < lines; i++) {
            if (i > 0 && i % 200 == 0) {
                // Tomcat takes at most 1,000 parameters per request
                call(s.url() + "/cart", "POST", cookie, form.toString());
                form.setLength(0);
            }
            String line = String.format("SKU-%06d product %-40s qty %3d price %8.2f delivery %-10s", i, "item" + i, i % 7 + 1, i * 1.25, "standard");
            line = (line + " ".repeat(100)).substring(0, 100);
            if (form.length() > 0) form.append('&');
            form.append("item=").append(URLEncoder.encode(line, StandardCharsets.UTF_8));
        }
        call(s.url() + "/cart", "POST", cookie, form.toString());
        return cookie;
    }

    static String call(String url, String method, String cookie, String form) throws IOException {
        HttpURLConnection c = (HttpURLConnection) new URL(url).openConnection();
        c.setRequestMethod(method);
        if (cookie != null) c.setRequestProperty("Cookie", cookie);
        if (form != null || method.equals("POST")) {
            c.setDoOutput(true);
            c.setRequestProperty("Content-Type", "application/x-www-form-urlencoded");
            try (OutputStream o = c.getOutputStream()) { if (form != null) o.write(form.getBytes(StandardCharsets.UTF_8)); }
        }
        int status = c.getResponseCode();
        try (InputStream in = status < 400 ? c.getInputStream() : c.getErrorStream()) { if (in != null) in.readAllBytes(); }
        if (status != 200) throw new IOException(method + " " + url + " -> " + status);
        String set = c.getHeaderField("Set-Cookie");
        return set != null ? set.split(";")[0] : cookie;
    }
}
