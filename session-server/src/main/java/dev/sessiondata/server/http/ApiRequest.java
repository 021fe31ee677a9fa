package dev.sessiondata.server.http;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.http.server.HttpServerRequest;

/**
 * One request as the pipeline's links and handlers see it: the method, the path and its route, the headers, the
 * query, the body when a handler asks for it, and the headers every answer to it carries (which a link may add to
 * before the reply is made), and its share of the bound of answers in flight ({@link AnswerBytes}), which the
 * pipeline gives back when the answer is written or its connection closes. Made once per request by
 * {@link ApiPipeline}.
 */
public final class ApiRequest {

    private final HttpServerRequest netty;
    private final HttpHeaders answerHeaders;
    private final String method;
    private final String path;
    private final @Nullable String query;
    private final RouteTable.@Nullable Match match;
    private final boolean api;
    private final long startNanos = System.nanoTime();
    private final AnswerBytes answers;
    /** The bytes this request holds of the bound of answers in flight; changed on the connection's event loop only. */
    private long answerBytes;

    ApiRequest(HttpServerRequest netty, HttpHeaders answerHeaders, String method, String path, @Nullable String query,
            RouteTable.@Nullable Match match, AnswerBytes answers) {
        this.netty = netty;
        this.answers = answers;
        this.answerHeaders = answerHeaders;
        this.method = method;
        this.path = path;
        this.query = query;
        this.match = match;
        this.api = path.startsWith(SessionApi.BASE_PATH)
                && (path.length() == SessionApi.BASE_PATH.length() || path.charAt(SessionApi.BASE_PATH.length()) == '/');
    }

    public String method() {
        return method;
    }

    /** {@link System#nanoTime()} when the pipeline took the request: where its time is counted from. */
    public long startNanos() {
        return startNanos;
    }

    public boolean isHead() {
        return method.equals("HEAD");
    }

    /** A method that only reads: {@code GET}, {@code HEAD}, {@code OPTIONS}. */
    public boolean isRead() {
        return method.equals("GET") || method.equals("HEAD") || method.equals("OPTIONS");
    }

    /** The raw path, without the query. */
    public String path() {
        return path;
    }

    /** Whether the path is the API's ({@code /api/v1} and below), where its authentication and headers apply. */
    public boolean isApi() {
        return api;
    }

    RouteTable.@Nullable Match match() {
        return match;
    }

    /** The route the request is for; null when its path or its method has none. */
    public RouteTable.@Nullable Route route() {
        return match == null ? null : match.route();
    }

    /** The pattern of the resource the path names; null when it names none. */
    public @Nullable String pattern() {
        return match == null ? null : match.resource().pattern();
    }

    public @Nullable String header(CharSequence name) {
        return netty.requestHeaders().get(name);
    }

    public List<String> headers(CharSequence name) {
        return netty.requestHeaders().getAll(name);
    }

    public boolean hasHeader(CharSequence name) {
        return netty.requestHeaders().contains(name);
    }

    /** The headers every answer to this request carries, the problems included. */
    public HttpHeaders answerHeaders() {
        return answerHeaders;
    }

    /** A {@code Content-Length} of ASCII digits; -1 for anything else (absent, a list, a sign). */
    public long contentLength() {
        String value = netty.requestHeaders().get(HttpHeaderNames.CONTENT_LENGTH);
        if (value == null || value.isEmpty() || value.length() > 18) {
            return -1;
        }
        long length = 0;
        for (int i = 0; i < value.length(); i++) {
            char digit = value.charAt(i);
            if (digit < '0' || digit > '9') {
                return -1;
            }
            length = length * 10 + (digit - '0');
        }
        return length;
    }

    /** The percent-decoded value of a variable of the route's pattern. */
    public String variable(String name) {
        String raw = match == null ? null : match.variable(name);
        if (raw == null) {
            throw new IllegalArgumentException("No variable '" + name + "' in " + pattern());
        }
        return decode(raw);
    }

    /** The decoded value of the query's first parameter of that name ({@code +} a space); null when there is none. */
    public @Nullable String queryParameter(String name) {
        String rest = query;
        if (rest == null) {
            return null;
        }
        int start = 0;
        while (start <= rest.length()) {
            int end = rest.indexOf('&', start);
            if (end < 0) {
                end = rest.length();
            }
            int equals = rest.indexOf('=', start);
            int nameEnd = equals < 0 || equals > end ? end : equals;
            if (decodeQuery(rest.substring(start, nameEnd)).equals(name)) {
                return nameEnd == end ? "" : decodeQuery(rest.substring(nameEnd + 1, end));
            }
            start = end + 1;
        }
        return null;
    }

    /** The whole body, at most {@code maxBytes}; a {@code 413} or {@code 400} problem otherwise. */
    public Mono<byte[]> body(long maxBytes) {
        return RequestBodies.read(netty, contentLength(), maxBytes);
    }

    /**
     * Reserves up to {@code largest} bytes of answers in flight for this request's answer, as many as the large share
     * has room for, and answers the most bytes the answer may be read from the store with: what was reserved, or the
     * size of a small answer ({@link AnswerBytes#smallAnswerBytes()}), which needs no reservation, if that is more.
     * For a value of unknown size: read it with this ceiling, and hold its length ({@link #holdAnswer}) before
     * reading a larger one.
     */
    public long answerCeiling(long largest) {
        answerBytes += answers.reserveUpTo(largest - answerBytes);
        return Math.max(answers.smallAnswerBytes(), answerBytes);
    }

    /**
     * Holds the bytes of an answer of {@code length} for this request until it is written: keeps them of what it
     * holds and gives back the rest, or takes what it lacks. False, holding nothing, when the bound has no room.
     */
    public boolean holdAnswer(long length) {
        long needed = answers.counted(length);
        if (answerBytes >= needed) {
            answers.release(answerBytes - needed);
            answerBytes = needed;
            return true;
        }
        releaseAnswer();
        long taken = answers.tryTake(length);
        if (taken < 0) {
            return false;
        }
        answerBytes = taken;
        return true;
    }

    /** Gives back what this request holds of the bound of answers in flight. */
    void releaseAnswer() {
        answers.release(answerBytes);
        answerBytes = 0;
    }

    /** The connection's event loop, where the answer is written. */
    public EventLoop eventLoop() {
        return ((Connection) netty).channel().eventLoop();
    }

    /** The stage as a {@link Mono} that signals on the connection's event loop ({@link EventLoops}). */
    public <T> Mono<T> onLoop(CompletionStage<T> stage) {
        return EventLoops.resumeOn(eventLoop(), stage);
    }

    /**
     * A query part decoded as a form's ({@code +} is a space, as {@code URLEncoder} writes it and WebFlux read it):
     * an index value with a space comes back as it was sent.
     */
    private static String decodeQuery(String raw) {
        return decode(raw.replace('+', ' '));
    }

    /** Percent-decoding (UTF-8) of a path segment or a query part; a {@code 400} problem for a broken escape. */
    static String decode(String raw) {
        int percent = raw.indexOf('%');
        if (percent < 0) {
            return raw;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        bytes.write(raw.getBytes(StandardCharsets.UTF_8), 0, percent);
        for (int i = percent; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                int high = i + 2 < raw.length() ? Character.digit(raw.charAt(i + 1), 16) : -1;
                int low = high < 0 ? -1 : Character.digit(raw.charAt(i + 2), 16);
                if (low < 0) {
                    throw new ApiProblemException(ProblemType.INVALID_REQUEST, "A percent-encoding in the URL is broken.");
                }
                bytes.write(high * 16 + low);
                i += 2;
            } else {
                byte[] encoded = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                bytes.write(encoded, 0, encoded.length);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
