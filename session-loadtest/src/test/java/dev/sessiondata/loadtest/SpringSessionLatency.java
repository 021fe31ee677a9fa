package dev.sessiondata.loadtest;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The latency step of {@link SpringSessionComparison} in microseconds, where Gatling records whole milliseconds (a
 * p50 of "1 ms" against "1 ms" says only that both are under 1.5 ms). One thread sends at a fixed rate, the shops
 * taking turns request by request in an order that rotates every turn, so that all shops meet the same moment of the
 * machine; each latency counts from the time the request was due, not from when it was sent, so that a late send (a
 * slow answer before it, a pause of this process) counts against the request and is not hidden. Run after the
 * Gatling simulation on the same shops ({@code loadtest/spring-session.sh}); it seeds its own shoppers the same way
 * ({@link ShopSessions}), and after a warm-up of every request of every size on every shop, measures per size and
 * request (read, write, mixed: nine reads to one change) a step of {@code seconds}.
 *
 * <p>Arguments: {@code name=baseUrl} per shop; the last is the reference the ratios divide by. System properties:
 * {@code rate} requests/s over all shops [150], {@code seconds} per step [20], {@code warmup} seconds per step of the
 * warm-up [5], {@code shoppers} [16]; {@code serverMetrics} (the session server's {@code /actuator/prometheus}) and
 * {@code serverToken}, to print beside each step the server's own mean time per session request and per store
 * operation in it: the hops behind the shops' latency. Prints Markdown tables and, on lines starting with
 * {@code TSV}, the figures as tab-separated values.
 */
public final class SpringSessionLatency {

    private static final Map<String, Integer> SIZES = Map.of("4KB", 4 * 1024, "100KB", 100 * 1024);
    private static final List<String> SIZE_ORDER = List.of("4KB", "100KB");
    private static final List<String> REQUESTS = List.of("read", "write", "mixed");

    private final double rate = Double.parseDouble(System.getProperty("rate", "150"));
    private final int seconds = Integer.getInteger("seconds", 20);
    private final int warmup = Integer.getInteger("warmup", 5);
    private final int shoppers = Integer.getInteger("shoppers", 16);
    private final String serverMetrics = System.getProperty("serverMetrics", "");
    private final String serverToken = System.getProperty("serverToken", "");
    private final SplittableRandom random = new SplittableRandom(42);
    private long changes;

    private SpringSessionLatency() {
    }

    public static void main(String[] args) {
        if (args.length < 2) {
            throw new IllegalArgumentException(
                    "usage: name=baseUrl ... (two shops or more; the last is the reference)");
        }
        Map<String, String> shops = new LinkedHashMap<>();
        for (String arg : args) {
            String[] nameAndUrl = arg.split("=", 2);
            shops.put(nameAndUrl[0], nameAndUrl[1]);
        }
        new SpringSessionLatency().run(shops);
    }

    private void run(Map<String, String> shops) {
        ShopSessions seeding = new ShopSessions();
        Map<String, List<String>> cookies = new LinkedHashMap<>();
        shops.forEach((shop, url) -> SIZE_ORDER.forEach(size -> cookies.put(shop + " " + size,
                seeding.create(url, "latency-" + shop + "-" + size, shoppers, SIZES.get(size)))));
        System.out.printf(Locale.ROOT, "SpringSessionLatency: %.0f requests/s over %d shops, steps of %d s after a "
                + "warm-up of %d s, %d shoppers per shop and size%n", rate, shops.size(), seconds, warmup, shoppers);
        for (String size : SIZE_ORDER) {
            for (String request : REQUESTS) {
                step(shops, cookies, size, request, warmup);
            }
        }
        Map<String, Step> results = new LinkedHashMap<>();
        Map<String, Map<String, Long>> serverTimes = new LinkedHashMap<>();
        for (String size : SIZE_ORDER) {
            for (String request : REQUESTS) {
                Map<String, double[]> before = serverTimers();
                step(shops, cookies, size, request, seconds)
                        .forEach((shop, step) -> results.put(shop + " " + size + " " + request, step));
                serverTimes.put(size + " " + request, meanMicros(before, serverTimers()));
            }
        }
        print(new ArrayList<>(shops.keySet()), results);
        if (!serverMetrics.isEmpty()) {
            printServerTimes(serverTimes);
        }
    }

    /**
     * The server's request timer of the session routes by method, and its store operations' timer by operation: sum
     * of seconds and count; empty without {@code serverMetrics}.
     */
    private Map<String, double[]> serverTimers() {
        Map<String, double[]> timers = new TreeMap<>();
        if (serverMetrics.isEmpty()) {
            return timers;
        }
        Pattern line = Pattern.compile("^(http_server_requests_seconds|sessiondata_store_operations_seconds)"
                + "_(sum|count)\\{(.*)\\} (\\S+)$", Pattern.MULTILINE);
        Matcher matcher = line.matcher(get(serverMetrics, serverToken));
        while (matcher.find()) {
            String tags = matcher.group(3);
            String key;
            if (matcher.group(1).startsWith("http")) {
                if (!tags.contains("uri=\"/api/v1/sessions/{id}\"") && !tags.contains("uri=\"/api/v1/touches\"")) {
                    continue;
                }
                key = "server " + tag(tags, "method") + " " + tag(tags, "uri");
            } else {
                key = "store " + tag(tags, "operation");
            }
            double[] sumAndCount = timers.computeIfAbsent(key, k -> new double[2]);
            sumAndCount[matcher.group(2).equals("sum") ? 0 : 1] += Double.parseDouble(matcher.group(4));
        }
        return timers;
    }

    private static String tag(String tags, String name) {
        Matcher value = Pattern.compile(name + "=\"([^\"]*)\"").matcher(tags);
        return value.find() ? value.group(1) : "?";
    }

    /** Mean microseconds per timer between two readings, of the timers that counted anything. */
    private static Map<String, Long> meanMicros(Map<String, double[]> before, Map<String, double[]> after) {
        Map<String, Long> means = new TreeMap<>();
        after.forEach((key, end) -> {
            double[] start = before.getOrDefault(key, new double[2]);
            double count = end[1] - start[1];
            if (count > 0) {
                means.put(key + " (" + (long) count + ")", Math.round((end[0] - start[0]) / count * 1e6));
            }
        });
        return means;
    }

    private static void printServerTimes(Map<String, Map<String, Long>> serverTimes) {
        System.out.println();
        System.out.println("| size | request | inside the session server: mean µs (count) |");
        System.out.println("| --- | --- | --- |");
        serverTimes.forEach((step, means) -> {
            StringBuilder cells = new StringBuilder();
            means.forEach((timer, micros) ->
                    cells.append(cells.length() > 0 ? "; " : "").append(timer).append(": ").append(micros));
            System.out.printf(Locale.ROOT, "| %s | %s |%n", step.replace(" ", " | "), cells);
        });
    }

    private static String get(String url, String token) {
        try {
            HttpURLConnection connection = (HttpURLConnection) URI.create(url).toURL().openConnection();
            connection.setRequestProperty("Authorization", "Bearer " + token);
            try (InputStream answer = connection.getInputStream()) {
                return new String(answer.readAllBytes(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("GET " + url, e);
        }
    }

    /** One step: the shops in turn at the fixed rate for {@code duration} seconds; each shop's latencies. */
    private Map<String, Step> step(Map<String, String> shops, Map<String, List<String>> cookies, String size,
                                   String request, int duration) {
        List<String> order = new ArrayList<>(shops.keySet());
        Map<String, long[]> nanos = new LinkedHashMap<>();
        int perShop = (int) Math.ceil(rate * duration / order.size());
        order.forEach(shop -> nanos.put(shop, new long[perShop]));
        Map<String, Integer> late = new LinkedHashMap<>();
        long interval = (long) (1_000_000_000L / rate);
        long due = System.nanoTime();
        for (int turn = 0; turn < perShop; turn++) {
            Collections.rotate(order, 1);
            for (String shop : order) {
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                } else if (wait < -interval) {
                    late.merge(shop, 1, Integer::sum);
                }
                List<String> shopCookies = cookies.get(shop + " " + size);
                String cookie = shopCookies.get(turn % shopCookies.size());
                boolean write = request.equals("write") || request.equals("mixed") && random.nextInt(10) == 0;
                String url = shops.get(shop);
                if (write) {
                    call(url + "/attribute", "POST", cookie, "name=currency&value=EUR-" + ++changes);
                } else {
                    call(url + "/attribute?name=user", "GET", cookie, null);
                }
                nanos.get(shop)[turn] = System.nanoTime() - due;
                due += interval;
            }
        }
        Map<String, Step> steps = new LinkedHashMap<>();
        nanos.forEach((shop, values) -> steps.put(shop, new Step(values, late.getOrDefault(shop, 0))));
        return steps;
    }

    private static void print(List<String> shops, Map<String, Step> results) {
        String reference = shops.get(shops.size() - 1);
        System.out.println();
        System.out.println("| size | request | shop | p50 µs | p90 µs | p99 µs | late sends "
                + "| p50 ratio | p90 ratio | p99 ratio |");
        System.out.println("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        List<String> tsv = new ArrayList<>();
        for (String size : SIZE_ORDER) {
            for (String request : REQUESTS) {
                Step ref = results.get(reference + " " + size + " " + request);
                for (String shop : shops) {
                    Step s = results.get(shop + " " + size + " " + request);
                    String ratios = shop.equals(reference) ? " | | |"
                            : String.format(Locale.ROOT, " %.2f | %.2f | %.2f |",
                            ratio(s, ref, 50), ratio(s, ref, 90), ratio(s, ref, 99));
                    System.out.printf(Locale.ROOT, "| %s | %s | %s | %d | %d | %d | %d |%s%n", size, request, shop,
                            s.micros(50), s.micros(90), s.micros(99), s.late(), ratios);
                    tsv.add(String.format(Locale.ROOT, "TSV\t%s %s %s\t%d\t%d\t%d\t%d\t%d", shop, size, request,
                            s.count(), s.micros(50), s.micros(90), s.micros(99), s.late()));
                }
            }
        }
        System.out.println();
        System.out.println("TSV\tname\tcount\tp50 µs\tp90 µs\tp99 µs\tlate sends");
        tsv.forEach(System.out::println);
    }

    private static double ratio(Step step, Step reference, int percentile) {
        return (double) step.nanos(percentile) / reference.nanos(percentile);
    }

    /** A shop's latencies of one step, sorted; {@code late}: sends more than one interval behind their time. */
    private record Step(long[] sorted, int late) {

        Step(long[] sorted, int late) {
            this.sorted = sorted.clone();
            Arrays.sort(this.sorted);
            this.late = late;
        }

        long nanos(int percentile) {
            return sorted[Math.min(sorted.length - 1, (int) ((long) sorted.length * percentile / 100))];
        }

        long micros(int percentile) {
            return nanos(percentile) / 1_000;
        }

        int count() {
            return sorted.length;
        }
    }

    /** One request on a kept-alive connection; anything but 200 fails the run. */
    private static void call(String url, String method, String cookie, String form) {
        try {
            HttpURLConnection connection = (HttpURLConnection) URI.create(url).toURL().openConnection();
            connection.setRequestMethod(method);
            connection.setRequestProperty("Cookie", cookie);
            if (form != null) {
                connection.setDoOutput(true);
                connection.setRequestProperty("Content-Type", "application/x-www-form-urlencoded");
                try (OutputStream body = connection.getOutputStream()) {
                    body.write(form.getBytes(StandardCharsets.US_ASCII));
                }
            }
            int status = connection.getResponseCode();
            try (InputStream answer = status < 400 ? connection.getInputStream() : connection.getErrorStream()) {
                if (answer != null) {
                    answer.readAllBytes();
                }
            }
            if (status != 200) {
                throw new IllegalStateException(method + " " + url + " answered " + status);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + url, e);
        }
    }
}
