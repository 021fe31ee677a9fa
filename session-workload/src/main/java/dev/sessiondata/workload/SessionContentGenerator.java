package dev.sessiondata.workload;

import dev.sessiondata.workload.model.Channel;
import dev.sessiondata.workload.model.SessionEvent;
import dev.sessiondata.workload.model.StepStatus;
import dev.sessiondata.workload.model.UserProfile;
import dev.sessiondata.workload.model.WorkflowStep;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Makes the parts of a session context the way real session logs look: login names, e-mail addresses, request log
 * lines, user agents, JSON snippets as bytes (which compress) and tokens as random bytes (which do not).
 *
 * <p>Each part is drawn from its own {@link Random} seeded by the workload seed and the part's index, so part
 * {@code i} is the same whatever else is generated: a larger context extends a smaller one.
 */
final class SessionContentGenerator {

    /** A fixed epoch with nanoseconds, so that serializers that drop sub-millisecond precision are caught. */
    static final Instant EPOCH = Instant.parse("2026-03-14T09:26:53.589793238Z");

    private static final String[] FIRST = {"Anna", "Boris", "Chen", "Dmitri", "Elena", "Farid", "Greta", "Hiro",
        "Ines", "Jonas", "Katarzyna", "Luis", "Maja", "Nikolai", "Olga", "Pavel"};
    private static final String[] LAST = {"Ivanova", "Schmidt", "Kowalski", "Garcia", "Nakamura", "Petrov",
        "Novak", "Rossi", "Dubois", "Larsen", "Okafor", "Silva"};
    private static final String[] STEPS = {"identify-customer", "verify-otp", "select-account", "enter-amount",
        "check-limits", "risk-scoring", "confirm-transfer", "sign-document", "upload-passport", "review-offer"};
    private static final String[] LEVELS = {"INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR"};
    private static final String[] AGENTS = {
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 BankApp/7.12.3",
        "okhttp/4.12.0 BankApp-Android/7.12.1 (SM-S918B; Android 15)"};
    private static final String[] ATTRIBUTES = {"ui.theme", "ui.language", "cart.items", "last.search", "csrf.token",
        "feature.flags", "referrer", "user.agent", "geo.city", "consent.marketing"};

    private final long seed;

    SessionContentGenerator(long seed) {
        this.seed = seed;
    }

    String sessionId() {
        return new java.util.UUID(random(-1).nextLong(), random(-2).nextLong()).toString();
    }

    Channel channel() {
        return Channel.values()[random(-3).nextInt(Channel.values().length)];
    }

    UserProfile user() {
        Random random = random(-4);
        String first = pick(random, FIRST);
        String last = pick(random, LAST);
        UserProfile user = new UserProfile();
        user.setUserId("U" + (10_000_000 + random.nextInt(90_000_000)));
        user.setLogin((first.charAt(0) + last).toLowerCase(java.util.Locale.ROOT) + random.nextInt(100));
        user.setDisplayName(first + " " + last);
        user.setEmail(first.toLowerCase(java.util.Locale.ROOT) + "." + last.toLowerCase(java.util.Locale.ROOT)
                + "@example.org");
        user.setPhone("+49 30 " + (1_000_000 + random.nextInt(9_000_000)));
        user.setBirthDate(LocalDate.of(1950 + random.nextInt(55), 1 + random.nextInt(12), 1 + random.nextInt(28)));
        user.setLocale(random.nextBoolean() ? "de-DE" : "en-GB");
        user.setCreditLimit(BigDecimal.valueOf(random.nextInt(5_000_000), 2));
        user.setRoles(new ArrayList<>(List.of("customer", random.nextBoolean() ? "online-banking" : "premium")));
        return user;
    }

    WorkflowStep step(int index) {
        Random random = random(index * 4L);
        WorkflowStep step = new WorkflowStep();
        step.setName(STEPS[index % STEPS.length] + "#" + index);
        step.setStatus(StepStatus.values()[random.nextInt(StepStatus.values().length)]);
        step.setStartedAt(EPOCH.plusMillis(index * 7_919L).plusNanos(random.nextInt(1_000_000)));
        step.setElapsed(Duration.ofMillis(random.nextInt(60_000)).plusNanos(random.nextInt(1_000_000)));
        Map<String, String> data = new LinkedHashMap<>();
        data.put("account", "DE" + (10 + random.nextInt(89)) + " 1001 0010 " + (1000 + random.nextInt(9000))
                + " " + (1000 + random.nextInt(9000)) + " 00");
        data.put("amount", BigDecimal.valueOf(random.nextInt(1_000_000), 2).toPlainString());
        if (random.nextBoolean()) {
            data.put("comment", "Invoice " + (2026_000 + random.nextInt(1000)) + " for order #" + random.nextInt(99_999));
        }
        step.setData(data);
        return step;
    }

    String attributeKey(int index) {
        return ATTRIBUTES[index % ATTRIBUTES.length] + "." + index;
    }

    String attributeValue(int index) {
        Random random = random(index * 4L + 1);
        return switch (index % ATTRIBUTES.length) {
            case 0 -> random.nextBoolean() ? "dark" : "light";
            case 1 -> random.nextBoolean() ? "de" : "en";
            case 2 -> "[" + random.nextInt(1000) + "," + random.nextInt(1000) + "," + random.nextInt(1000) + "]";
            case 3 -> "transfers to " + pick(random, LAST) + " last 90 days";
            case 4 -> HexFormat.of().formatHex(bytes(random, 16));
            case 5 -> "newDashboard=" + random.nextBoolean() + ";instantTransfer=" + random.nextBoolean();
            case 6 -> "https://www.example.org/campaign/" + random.nextInt(500) + "?utm_source=newsletter";
            case 7 -> pick(random, AGENTS);
            case 8 -> random.nextBoolean() ? "Berlin" : "Hamburg";
            default -> Boolean.toString(random.nextBoolean());
        };
    }

    SessionEvent event(int index) {
        Random random = random(index * 4L + 2);
        SessionEvent event = new SessionEvent();
        event.setAt(EPOCH.plusMillis(index * 3_217L).plusNanos(random.nextInt(1_000_000)));
        event.setLevel(pick(random, LEVELS));
        String request = "/api/v2/accounts/" + (100_000 + random.nextInt(900_000)) + "/transactions?from=2026-0"
                + (1 + random.nextInt(9)) + "-01&size=50";
        event.setMessage("[http-nio-8443-exec-" + random.nextInt(200) + "] GET " + request + " -> "
                + (random.nextInt(10) == 0 ? 503 : 200) + " in " + random.nextInt(900) + " ms, trace="
                + HexFormat.of().formatHex(bytes(random, 8)));
        if (index % 2 == 0) {
            event.setPayload(("{\"event\":\"transfer.checked\",\"score\":" + random.nextInt(100) + ",\"rules\":[\"velocity\","
                    + "\"new-payee\"],\"amount\":" + random.nextInt(100_000) + "}").getBytes(StandardCharsets.UTF_8));
        } else {
            event.setPayload(bytes(random, 16 + random.nextInt(112)));
        }
        return event;
    }

    byte[] state(int length) {
        return bytes(random(-5), length);
    }

    private Random random(long part) {
        return new Random(seed * 0x9E3779B97F4A7C15L + part);
    }

    private static byte[] bytes(Random random, int length) {
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return bytes;
    }

    private static String pick(Random random, String[] values) {
        return values[random.nextInt(values.length)];
    }
}
