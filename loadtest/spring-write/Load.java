import java.io.*;
import java.net.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;

/**
 * Closed model against one shop: CONC requests always in flight (write: POST /attribute, one attribute changed;
 * read: GET /attribute) over 16 seeded sessions; after a warm-up, the CPU per request of each process and of each
 * group of its threads (from /proc/<pid>/task: Tomcat, event loops, Lettuce, the JIT compilers, GC), so that JIT
 * still compiling shows as such, and the latency percentiles.
 * args: shop-url size-bytes write|read concurrency warm-up-seconds measured-seconds pid...
 */
public class Load {
    public static void main(String[] a) throws Exception {
        String url = a[0]; int size = Integer.parseInt(a[1]); String op = a[2]; int conc = Integer.parseInt(a[3]);
        int warm = Integer.parseInt(a[4]), meas = Integer.parseInt(a[5]);
        long[] pids = new long[a.length - 6]; for (int i = 6; i < a.length; i++) pids[i - 6] = Long.parseLong(a[i]);
        List<String> cookies = new ArrayList<>();
        for (int u = 0; u < 16; u++) cookies.add(WriteTiming.seed(new WriteTiming.Shop("x", url, pids, List.of()), "user" + u, size));
        AtomicLong count = new AtomicLong(); AtomicBoolean stop = new AtomicBoolean();
        ConcurrentLinkedQueue<Long> lat = new ConcurrentLinkedQueue<>(); AtomicBoolean rec = new AtomicBoolean();
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < conc; t++) { int tt = t; Thread th = new Thread(() -> { int i = tt; try { while (!stop.get()) {
            String c = cookies.get(i++ % cookies.size()); long t0 = System.nanoTime();
            if (op.equals("write")) WriteTiming.call(url + "/attribute?name=currency&value=c" + i, "POST", c, null);
            else WriteTiming.call(url + "/attribute?name=user", "GET", c, null);
            if (rec.get()) { count.incrementAndGet(); lat.add(System.nanoTime() - t0); } } } catch (IOException e) { e.printStackTrace(); } }); th.start(); ts.add(th); }
        Thread.sleep(warm * 1000L);
        Map<String, Long> b = threads(pids); rec.set(true); long t0 = System.nanoTime();
        Thread.sleep(meas * 1000L);
        rec.set(false); Map<String, Long> e = threads(pids); double secs = (System.nanoTime() - t0) / 1e9;
        stop.set(true); for (Thread th : ts) th.join();
        long n = count.get();
        long[] l = lat.stream().mapToLong(x -> x).sorted().toArray();
        System.out.printf("%s size %d conc %d: %d req in %.1fs = %.0f/s, p50 %d p90 %d p99 %d us, load %s%n", op, size, conc, n, secs, n / secs,
            l[l.length/2]/1000, l[l.length*9/10]/1000, l[l.length*99/100]/1000, Files.readString(Path.of("/proc/loadavg")).trim());
        Map<String, Double> per = new TreeMap<>(); Map<String, Double> proc = new TreeMap<>();
        for (var en : e.entrySet()) { double d = (en.getValue() - b.getOrDefault(en.getKey(), 0L)) * 10_000.0 / n; if (d <= 0) continue;
            String k = en.getKey(); String p = k.substring(0, k.indexOf(' '));
            String g = k.substring(0, k.lastIndexOf('#')).replaceAll("[0-9]+$", "N").replaceAll("-[0-9]+-", "-N-");
            per.merge(g, d, Double::sum); proc.merge(p, d, Double::sum); }
        proc.forEach((k, v) -> System.out.printf("  pid %s: %.0f us/req%n", k, v));
        per.entrySet().stream().filter(x -> x.getValue() >= 10).sorted((x, y) -> Double.compare(y.getValue(), x.getValue()))
            .forEach(x -> System.out.printf("    %-50s %6.0f%n", x.getKey(), x.getValue()));
    }
    static Map<String, Long> threads(long[] pids) throws IOException {
        Map<String, Long> m = new HashMap<>();
        for (long pid : pids) try (var ds = Files.newDirectoryStream(Path.of("/proc/" + pid + "/task"))) { for (Path t : ds) { try {
            String s = Files.readString(t.resolve("stat")); String name = s.substring(s.indexOf('(') + 1, s.lastIndexOf(')'));
            String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
            m.put(pid + " " + name + "#" + t.getFileName(), Long.parseLong(f[11]) + Long.parseLong(f[12])); } catch (IOException gone) {} } }
        return m;
    }
}
