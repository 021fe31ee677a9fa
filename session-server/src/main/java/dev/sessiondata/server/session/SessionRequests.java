package dev.sessiondata.server.session;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import java.time.Duration;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import dev.sessiondata.server.http.ApiProblemException;
import dev.sessiondata.server.http.ApiRequest;

/** Checks of the parts of a session request that come from the URL: the id and the {@code ttl} parameter. */
final class SessionRequests {

    private static final Pattern ASCII_DIGITS = Pattern.compile("[0-9]{1,19}");

    private SessionRequests() {
    }

    /**
     * The session id of a request to {@code /sessions/{id}}. Many URL parsers drop path parameters ({@code a;junk}
     * as {@code a}), so a raw path holding a {@code ;} is refused rather than read as another session by some; an
     * encoded one ({@code %3B}) reaches {@link #checkId} and is refused there.
     */
    static String id(ApiRequest request) {
        if (request.path().indexOf(';') >= 0) {
            throw invalidId();
        }
        return checkId(request.variable("id"));
    }

    /**
     * {@code .} and {@code ..} are made of allowed characters but are dot segments: clients and proxies that
     * normalise URLs (RFC 3986 5.2.4) turn them into another path, so such a session could be written but never
     * reached again by them.
     */
    static String checkId(String id) {
        if (!isIdText(id) || id.equals(".") || id.equals("..")) {
            throw invalidId();
        }
        return id;
    }

    /** What {@link SessionApi#SESSION_ID} matches, by a scan: 1 to 128 of A-Z a-z 0-9 . _ ~ -. */
    private static boolean isIdText(String id) {
        int length = id.length();
        if (length < 1 || length > 128) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            char c = id.charAt(i);
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '.' || c == '_' || c == '~' || c == '-')) {
                return false;
            }
        }
        return true;
    }

    private static ApiProblemException invalidId() {
        return new ApiProblemException(ProblemType.INVALID_SESSION_ID,
                "A session id is 1 to 128 of the characters A-Z a-z 0-9 . _ ~ -, other than . and ..");
    }

    /**
     * The {@code ttl} parameter in whole seconds, from 1 to {@code max}, or {@code max} itself when it is
     * {@value SessionApi#TTL_LONGEST}; {@code fallback} when absent.
     */
    static Duration ttl(@Nullable String seconds, Duration fallback, Duration max) {
        if (seconds == null) {
            return fallback;
        }
        if (SessionApi.TTL_LONGEST.equals(seconds.strip())) {
            return max;
        }
        long value = asciiDigits(seconds.strip());
        if (value < 1 || value > max.toSeconds()) {
            throw new ApiProblemException(ProblemType.INVALID_TTL,
                    "ttl is a whole number of seconds from 1 to " + max.toSeconds() + ", or '"
                            + SessionApi.TTL_LONGEST + "' for that longest; got '" + seconds + "'");
        }
        return Duration.ofSeconds(value);
    }

    /**
     * The value of a string of ASCII digits; {@code -1} for anything else. {@link Long#parseLong} alone would also
     * take a sign and every Unicode digit (fullwidth {@code ６０}), which no client means as a ttl.
     */
    private static long asciiDigits(String text) {
        if (!ASCII_DIGITS.matcher(text).matches()) {
            return -1;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException tooLarge) {
            return -1;
        }
    }
}
