package dev.sessiondata.serializer.kit;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** The values the kit round-trips; all deterministic, so that golden bytes stay stable. */
public final class KitFixtures {

    /** One instant with nanosecond precision, to catch serializers that truncate to millis. */
    public static final Instant CREATED_AT = Instant.parse("2026-11-22T03:20:08.123456789Z");
    public static final LocalDateTime LAST_LOGIN = LocalDateTime.of(2026, 11, 21, 23, 59, 58, 987_654_321);

    private KitFixtures() {
    }

    public static LegacyBenchmarkObject legacyBenchmarkObject() {
        return new LegacyBenchmarkObject(1_234_567_890_123L, new long[] {1, -2, Long.MAX_VALUE, Long.MIN_VALUE, 0},
                "file-serialization benchmark", null);
    }

    public static SessionContextFixture sessionContext() {
        return sessionContext("user-4711");
    }

    /** The session fixture for a given user id, so that concurrent tests can tell their values apart. */
    public static SessionContextFixture sessionContext(String userId) {
        SessionContextFixture session = new SessionContextFixture();
        session.setUserId(userId);
        session.setDisplayName("Zoë Müller-Łukasz 🏦");
        session.setToken(new byte[] {0, 1, 2, (byte) 0x7f, (byte) 0x80, (byte) 0xff, 42});
        Map<String, String> attributes = new LinkedHashMap<>();
        // deliberately not in hash or alphabetical order, so a map that loses insertion order is caught
        attributes.put("zeta", "last letter first");
        attributes.put("alpha", "1");
        attributes.put("mu", "");
        attributes.put("locale", "de-CH");
        attributes.put("beta", "with \"quotes\" and \\ slashes");
        session.setAttributes(attributes);
        List<String> steps = new ArrayList<>(List.of("login", "select-account", "transfer", "confirm"));
        session.setSteps(steps);
        session.setChannel(Channel.MOBILE);
        session.setBalance(new BigDecimal("12345678901234567890.1250"));
        session.setAddress(new AddressFixture("Bahnhofstrasse 1", "Zürich", "8001"));
        session.setCreatedAt(CREATED_AT);
        session.setLastLogin(LAST_LOGIN);
        session.setBirthDate(LocalDate.of(1984, 2, 29));
        session.setIdleTimeout(Duration.ofMinutes(30).plusNanos(5));
        session.setLegacyDate(new Date(1_763_781_608_123L));
        session.setComment(null);
        session.setExtra(null);
        return session;
    }

    public static EmptyFixture empty() {
        return new EmptyFixture();
    }

    /** One mebibyte of seeded random bytes. */
    public static byte[] oneMegabyte() {
        byte[] bytes = new byte[1024 * 1024];
        new Random(20261122).nextBytes(bytes);
        return bytes;
    }

    public static SharedReferenceFixture sharedReference() {
        AddressFixture shared = new AddressFixture("Paradeplatz 8", "Zürich", "8001");
        return new SharedReferenceFixture(shared, shared);
    }

    public static TimeFieldsFixture timeFields(boolean instant, boolean localDateTime, boolean date) {
        TimeFieldsFixture fixture = new TimeFieldsFixture();
        if (instant) {
            fixture.setInstant(CREATED_AT);
        }
        if (localDateTime) {
            fixture.setLocalDateTime(LAST_LOGIN);
        }
        if (date) {
            fixture.setDate(new Date(1_763_781_608_123L));
        }
        return fixture;
    }
}
