package dev.sessiondata.loadtest;

import dev.sessiondata.api.KnownSerializers;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * What a simulation runs against and how hard, read from system properties ({@code -Dname=value} on the Maven
 * command line reaches the Gatling JVM):
 *
 * <ul>
 *   <li>{@code baseUrl}: the server, default {@code http://127.0.0.1:8080};</li>
 *   <li>{@code token}: a read-write bearer token of the server (required);</li>
 *   <li>{@code readTokens}: comma-separated tokens the reading "applications" use, default the write token;</li>
 *   <li>{@code serializer}: the serializer id whose bytes are sent, default the service's default,
 *       {@code fory-shared};</li>
 *   <li>{@code rate}: new virtual users per second (sessions for SessionLifecycle, requests for ReadHeavy);</li>
 *   <li>{@code duration}: seconds of steady load, default 60;</li>
 *   <li>{@code p99}: the bound on the 99th percentile response time, in milliseconds, default 1000;</li>
 *   <li>{@code population}: sessions ReadHeavy writes before it reads, default 1000;</li>
 *   <li>{@code ttl}: the time to live of written sessions, in seconds, default 3600;</li>
 *   <li>{@code ramp}: seconds over which ReadHeavy's arrival rate climbs from a tenth of {@code rate} to
 *       {@code rate} before the steady {@code duration} (the capacity mode), default 0: no ramp.</li>
 * </ul>
 */
record LoadParameters(String baseUrl, String token, List<String> readTokens, String serializer, double rate,
                      Duration duration, int p99Millis, int population, int ttlSeconds, Duration ramp) {

    static LoadParameters fromSystemProperties(double defaultRate) {
        String token = System.getProperty("token", "").strip();
        if (token.isEmpty()) {
            throw new IllegalArgumentException("set -Dtoken=<a read-write token of the server under test>");
        }
        List<String> readTokens = Arrays.stream(System.getProperty("readTokens", token).split(","))
                .map(String::strip).filter(value -> !value.isEmpty()).toList();
        return new LoadParameters(
                System.getProperty("baseUrl", "http://127.0.0.1:8080"),
                token,
                readTokens.isEmpty() ? List.of(token) : readTokens,
                System.getProperty("serializer", KnownSerializers.DEFAULT_ACTIVE),
                positive("rate", Double.parseDouble(System.getProperty("rate", Double.toString(defaultRate)))),
                Duration.ofSeconds((long) positive("duration", Integer.getInteger("duration", 60))),
                (int) positive("p99", Integer.getInteger("p99", 1000)),
                (int) positive("population", Integer.getInteger("population", 1000)),
                (int) positive("ttl", Integer.getInteger("ttl", 3600)),
                Duration.ofSeconds(Math.max(0, Integer.getInteger("ramp", 0))));
    }

    private static double positive(String name, double value) {
        if (!(value > 0)) {
            throw new IllegalArgumentException("-D" + name + " must be positive, was " + value);
        }
        return value;
    }
}
