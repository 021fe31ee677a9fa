package dev.sessiondata.server.session;

import java.time.Instant;

/**
 * The text of a {@code Session-Expires-At} value, {@link Instant#toString()}, made once per instant: the writes of
 * one millisecond with one ttl expire at the same instant, and formatting an instant showed in the profile of a
 * write (docs/benchmarks has the figures). The last instant is shared by all threads; a race only costs a format.
 */
final class ExpiryTexts {

    private record Text(Instant instant, String text) {
    }

    private static volatile Text last = new Text(Instant.EPOCH, Instant.EPOCH.toString());

    private ExpiryTexts() {
    }

    static String of(Instant instant) {
        Text text = last;
        if (!text.instant().equals(instant)) {
            text = new Text(instant, instant.toString());
            last = text;
        }
        return text.text();
    }
}
