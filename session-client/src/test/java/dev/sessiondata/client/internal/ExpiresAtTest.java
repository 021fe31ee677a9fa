package dev.sessiondata.client.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The {@code Session-Expires-At} reader agrees with {@link Instant#parse}, on its fast path and off it. */
class ExpiresAtTest {

    @ParameterizedTest
    @ValueSource(strings = {
            "2026-11-23T04:37:25Z", "2026-11-23T04:37:25.1Z", "2026-11-23T04:37:25.12Z", "2026-11-23T04:37:25.123Z",
            "2026-11-23T04:37:25.123456Z", "2026-11-23T04:37:25.123456789Z", "1970-01-01T00:00:00Z",
            "2024-02-29T23:59:59.999Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z",
            // off the fast path: a leap second, an offset, a year beyond 9999, a point without a fraction
            "2016-12-31T23:59:60Z", "2026-11-23T05:37:25+01:00", "+10000-01-01T00:00:00Z", "2026-11-23T04:37:25.Z"})
    void readsWhatInstantParseReads(String value) {
        assertThat(ExpiresAt.parse(value)).isEqualTo(Instant.parse(value));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "", "soon", "2026-11-23", "2026-11-23T04:37:25", "2026-11-23T04:37:25.1234567890Z",
            "2026-13-23T04:37:25Z", "2026-02-30T04:37:25Z", "2026-11-23T24:37:25Z", "2026-11-23T04:60:25Z",
            "2026-11-2xT04:37:25Z", "2026-11-23T04:37:25,123Z", "-026-11-23T04:37:25Z"})
    void refusesWhatInstantParseRefuses(String value) {
        assertThatThrownBy(() -> Instant.parse(value)).isInstanceOf(DateTimeParseException.class);
        assertThatThrownBy(() -> ExpiresAt.parse(value)).isInstanceOf(DateTimeParseException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "2026-11-23T04:37:25Z", "2026-11-23T04:37:25.100Z", "2026-11-23T04:37:25.000123Z",
            "2026-11-23T04:37:25.000000001Z", "1970-01-01T00:00:00Z", "2024-02-29T23:59:59.999999999Z",
            "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.5Z", "+10000-01-01T00:00:00Z", "-0001-12-31T23:59:59Z"})
    void writesWhatItReadsBackToTheSameInstant(String value) {
        Instant instant = Instant.parse(value);
        String written = ExpiresAt.format(instant);
        assertThat(ExpiresAt.parse(written)).isEqualTo(instant);
        assertThat(Instant.parse(written)).isEqualTo(instant);
    }
}
