package dev.sessiondata.bench.flex;

import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The outcome of one probe: passed, failed (with what happened), or not run (with why). The detail is
 * {@linkplain #stable(String) stable}, so two runs with the same outcomes write the same report.
 */
public record Verdict(@Nullable Boolean pass, String detail) {

    private static final int MAX_DETAIL = 240;
    /** {@code Object.toString()}'s {@code com.acme.Ticket@2436ea2f}: an identity hash, new in every run. */
    private static final Pattern IDENTITY_HASH = Pattern.compile("(\\b[A-Za-z_$][\\w$]*(?:\\.[\\w$]+)*)@[0-9a-f]{4,16}\\b");

    public Verdict {
        detail = stable(detail);
    }

    /** The text without identity hashes: {@code com.acme.Ticket@2436ea2f} becomes {@code com.acme.Ticket}. */
    public static String stable(String text) {
        return IDENTITY_HASH.matcher(text).replaceAll("$1");
    }

    public static Verdict pass(String detail) {
        return new Verdict(true, detail);
    }

    public static Verdict fail(String detail) {
        return new Verdict(false, shorten(detail));
    }

    public static Verdict notRun(String why) {
        return new Verdict(null, shorten(why));
    }

    /** A failure from an exception: its type and first message line, which is what a reader of the matrix needs. */
    public static Verdict failed(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        String message = e.getClass().getSimpleName() + ": " + firstLine(e.getMessage());
        if (cause != e) {
            message += " (cause " + cause.getClass().getSimpleName() + ": " + firstLine(cause.getMessage()) + ")";
        }
        return fail(message);
    }

    /** A verdict from a condition. */
    public static Verdict of(boolean passed, String detail) {
        return passed ? pass(detail) : fail(detail);
    }

    private static String firstLine(@Nullable String message) {
        if (message == null) {
            return "";
        }
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end);
    }

    private static String shorten(String text) {
        return text.length() <= MAX_DETAIL ? text : text.substring(0, MAX_DETAIL) + "...";
    }
}
