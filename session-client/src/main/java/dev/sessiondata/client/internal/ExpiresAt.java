package dev.sessiondata.client.internal;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Reads the {@code Session-Expires-At} header of every read, and writes it for an answer of the near cache. The service writes it as {@link Instant#toString()}
 * does ({@code 2026-11-23T04:37:25.123Z}); that shape is read digit by digit, since {@link Instant#parse}'s
 * general formatter showed in the Spring Session sample's profile at more than half the cost of deserializing the
 * session it came with (JFR, docs/spring-session/README.md). Any other ISO-8601 instant, and every error,
 * goes to {@link Instant#parse}.
 */
public final class ExpiresAt {

    /** {@code yyyy-MM-ddTHH:mm:ssZ}, the shortest value of the fast path. */
    private static final int SECONDS_LENGTH = 20;

    private ExpiresAt() {
    }

    /** @throws java.time.format.DateTimeParseException if {@code value} is no ISO-8601 instant */
    public static Instant parse(String value) {
        int length = value.length();
        if (length < SECONDS_LENGTH || length > SECONDS_LENGTH + 10 || value.charAt(4) != '-'
                || value.charAt(7) != '-' || value.charAt(10) != 'T' || value.charAt(13) != ':'
                || value.charAt(16) != ':' || value.charAt(length - 1) != 'Z') {
            return Instant.parse(value);
        }
        int year = digits(value, 0, 4);
        int month = digits(value, 5, 7);
        int day = digits(value, 8, 10);
        int hour = digits(value, 11, 13);
        int minute = digits(value, 14, 16);
        int second = digits(value, 17, 19);
        int nanos = 0;
        if (length > SECONDS_LENGTH) {
            int fraction = length - SECONDS_LENGTH - 1;
            int parsed = value.charAt(19) == '.' && fraction > 0 ? digits(value, 20, length - 1) : -1;
            if (parsed < 0) {
                return Instant.parse(value);
            }
            nanos = parsed;
            for (int i = fraction; i < 9; i++) {
                nanos *= 10;
            }
        }
        if ((year | month | day | hour | minute | second) < 0) {
            return Instant.parse(value);
        }
        try {
            return LocalDateTime.of(year, month, day, hour, minute, second, nanos).toInstant(ZoneOffset.UTC);
        } catch (DateTimeException outOfRange) {
            // such as a 24th hour or a leap second, which Instant.parse reads or reports in its own way
            return Instant.parse(value);
        }
    }

    /**
     * The value the service would write for {@code instant}, read back by {@link #parse} to the same instant: written
     * digit by digit with all nine fraction digits for the years 0 to 9999 in UTC ({@link Instant#toString()}'s
     * formatter was, on a read from the near cache, the larger part of making its answer); {@link Instant#toString()}
     * otherwise.
     */
    public static String format(Instant instant) {
        LocalDateTime time = LocalDateTime.ofEpochSecond(instant.getEpochSecond(), instant.getNano(), ZoneOffset.UTC);
        int year = time.getYear();
        if (year < 0 || year > 9999) {
            return instant.toString();
        }
        char[] text = new char[instant.getNano() == 0 ? SECONDS_LENGTH : SECONDS_LENGTH + 10];
        put(text, 0, 4, year);
        text[4] = '-';
        put(text, 5, 7, time.getMonthValue());
        text[7] = '-';
        put(text, 8, 10, time.getDayOfMonth());
        text[10] = 'T';
        put(text, 11, 13, time.getHour());
        text[13] = ':';
        put(text, 14, 16, time.getMinute());
        text[16] = ':';
        put(text, 17, 19, time.getSecond());
        if (instant.getNano() != 0) {
            text[19] = '.';
            put(text, 20, 29, instant.getNano());
        }
        text[text.length - 1] = 'Z';
        return new String(text);
    }

    /** Writes {@code number} as the decimal digits of {@code text[from, to)}, zero-padded. */
    private static void put(char[] text, int from, int to, int number) {
        for (int i = to - 1; i >= from; i--) {
            text[i] = (char) ('0' + number % 10);
            number /= 10;
        }
    }

    /** The decimal number in {@code value[from, to)}, or -1 if a character is not an ASCII digit. */
    private static int digits(String value, int from, int to) {
        int number = 0;
        for (int i = from; i < to; i++) {
            int digit = value.charAt(i) - '0';
            if (digit < 0 || digit > 9) {
                return -1;
            }
            number = number * 10 + digit;
        }
        return number;
    }
}
