package dev.sessiondata.loadtest;

import static io.gatling.javaapi.core.CoreDsl.constantConcurrentUsers;
import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.percent;
import static io.gatling.javaapi.core.CoreDsl.randomSwitch;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.CoreDsl;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * The sample shop with its sessions in the service, with its near cache and without, against the same shop on Spring
 * Session Data Redis, measured in one run ({@code loadtest/spring-session.sh} starts the shops and runs this): per
 * cart size (4 KB and 100 KB of cart text) a read-only request ({@code GET /attribute?name=user}), a request that
 * changes one attribute ({@code POST /attribute}, the currency), and a mix of nine reads to one change (named
 * {@code mixed}, closer to real traffic). Each is a step of {@code step} seconds at a fixed {@code rate} of
 * requests a second (the latency), then a step as long with {@code concurrency} requests always in flight (named
 * {@code ... closed}: the throughput), over {@code shoppers} logged-in sessions per shop and size. A warm-up round
 * (requests named {@code warm-up ...}) comes first, then {@code rounds} measured rounds that rotate which shop goes
 * first, so that the other work of a loaded machine falls on all alike. Gatling's report has each
 * {@code <shop> <size> <request>} over all rounds.
 *
 * <p>System properties: {@code serviceShop}, {@code uncachedShop} (the service's shop with its near cache off) and
 * {@code redisShop} (base URLs, required), {@code rate} [40], {@code step} seconds [15], {@code rounds} [3],
 * {@code shoppers} [16], {@code concurrency} [8].
 */
public class SpringSessionComparison extends Simulation {

    private static final Map<String, Integer> SIZES = sizes();

    private final double rate = Double.parseDouble(System.getProperty("rate", "40"));
    private final Duration step = Duration.ofSeconds(Integer.getInteger("step", 15));
    private final int rounds = Integer.getInteger("rounds", 3);
    private final int shoppers = Integer.getInteger("shoppers", 16);
    private final int concurrency = Integer.getInteger("concurrency", 8);
    private final AtomicLong changes = new AtomicLong();

    {
        Map<String, String> shops = new LinkedHashMap<>();
        shops.put("service", required("serviceShop"));
        shops.put("service-uncached", required("uncachedShop"));
        shops.put("spring-session-redis", required("redisShop"));
        ShopSessions seeding = new ShopSessions();
        Map<String, List<String>> cookies = new LinkedHashMap<>();
        shops.forEach((shop, url) -> SIZES.forEach((size, bytes) ->
                cookies.put(shop + " " + size, seeding.create(url, shop + "-" + size, shoppers, bytes))));
        System.out.printf("SpringSessionComparison: %d shoppers per shop and size, %.0f requests/s and %d in flight, "
                + "steps of %s, a warm-up round and %d measured rounds%n", shoppers, rate, concurrency, step, rounds);

        List<PopulationBuilder> steps = new ArrayList<>();
        for (int round = 0; round <= rounds; round++) {
            List<String> order = new ArrayList<>(shops.keySet());
            Collections.rotate(order, round);
            for (String size : SIZES.keySet()) {
                for (String request : List.of("read", "write", "mixed")) {
                    for (String shop : order) {
                        String name = (round == 0 ? "warm-up " : "") + shop + " " + size + " " + request;
                        steps.add(scenario(name + " (round " + round + ")")
                                .feed(feeder(cookies.get(shop + " " + size)))
                                .exec(request(name, shops.get(shop), request))
                                .injectOpen(constantUsersPerSec(rate).during(step)));
                    }
                    for (String shop : order) {
                        String name = (round == 0 ? "warm-up " : "") + shop + " " + size + " " + request + " closed";
                        steps.add(scenario(name + " (round " + round + ")")
                                .feed(feeder(cookies.get(shop + " " + size)))
                                .exec(request(name, shops.get(shop), request))
                                .injectClosed(constantConcurrentUsers(concurrency).during(step)));
                    }
                }
            }
        }
        PopulationBuilder chain = steps.get(steps.size() - 1);
        for (int i = steps.size() - 2; i >= 0; i--) {
            chain = steps.get(i).andThen(chain);
        }
        setUp(chain)
                .protocols(http.disableWarmUp().disableCaching().shareConnections().userAgentHeader("spring-session-bench"))
                .assertions(global().failedRequests().count().is(0L));
    }

    /** The request named {@code name}; a mixed one is a read nine times in ten, else a change, under one name. */
    private static ChainBuilder request(String name, String shop, String request) {
        return switch (request) {
            case "read" -> CoreDsl.exec(read(name, shop));
            case "write" -> CoreDsl.exec(write(name, shop));
            default -> randomSwitch().on(percent(90.0).then(CoreDsl.exec(read(name, shop))),
                    percent(10.0).then(CoreDsl.exec(write(name, shop))));
        };
    }

    private static HttpRequestActionBuilder read(String name, String shop) {
        return http(name).get(shop + "/attribute").queryParam("name", "user").header("Cookie", "#{cookie}")
                .check(status().is(200));
    }

    private static HttpRequestActionBuilder write(String name, String shop) {
        return http(name).post(shop + "/attribute").formParam("name", "currency").formParam("value", "#{currency}")
                .header("Cookie", "#{cookie}").check(status().is(200));
    }

    /** The shoppers' cookies round robin, and a new currency value for every change. */
    private Iterator<Map<String, Object>> feeder(List<String> cookies) {
        AtomicLong next = new AtomicLong();
        return Stream.generate(() -> {
            long n = next.getAndIncrement();
            return Map.<String, Object>of("cookie", cookies.get((int) (n % cookies.size())),
                    "currency", "EUR-" + changes.incrementAndGet());
        }).iterator();
    }

    private static Map<String, Integer> sizes() {
        Map<String, Integer> sizes = new LinkedHashMap<>();
        sizes.put("4KB", 4 * 1024);
        sizes.put("100KB", 100 * 1024);
        return sizes;
    }

    private static String required(String name) {
        String value = System.getProperty(name, "").strip();
        if (value.isEmpty()) {
            throw new IllegalArgumentException("set -D" + name + "=<base URL of the shop>");
        }
        return value;
    }
}
