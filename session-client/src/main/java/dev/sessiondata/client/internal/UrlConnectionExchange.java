package dev.sessiondata.client.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Sends through {@link HttpURLConnection}, the JDK's synchronous HTTP/1.1 client: the request is written and the
 * answer read on the caller's thread, with no hand-off to a selector thread and back that the JDK
 * {@link java.net.http.HttpClient} needs for every answer: side by side against the session server, a read and a
 * conditional write took less time and less of the client's CPU this way, at the median and in the tail
 * (docs/spring-session/README.md, "The client's transport", has the figures).
 *
 * <p>Like the JDK {@code HttpClient} it uses no proxy and follows no redirect. Connections are kept alive in the
 * JDK's pool, which keeps up to {@code http.maxConnections} idle ones per server (5 by default): an application
 * with more requests to the service in flight at once opens the connections beyond those anew. HttpURLConnection
 * sends a request once more when a kept-alive connection fails before the answer; a conditional write that had
 * landed then meets its own new version and is answered 412, as after any concurrent write. The request timeout bounds the connection and each
 * wait for the answer's bytes.
 */
public final class UrlConnectionExchange implements Exchange {

    private final int connectTimeoutMillis;

    public UrlConnectionExchange(Duration connectTimeout) {
        this.connectTimeoutMillis = millis(connectTimeout);
    }

    @Override
    public Answer exchange(URI uri, ApiRequest request, Duration timeout) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) uri.toURL().openConnection(Proxy.NO_PROXY);
        connection.setConnectTimeout(Math.min(connectTimeoutMillis, millis(timeout)));
        connection.setReadTimeout(millis(timeout));
        connection.setInstanceFollowRedirects(false);
        connection.setUseCaches(false);
        connection.setRequestMethod(request.method());
        boolean accept = false;
        List<String> headers = request.headers();
        for (int i = 0; i < headers.size(); i += 2) {
            connection.addRequestProperty(headers.get(i), headers.get(i + 1));
            accept |= headers.get(i).equalsIgnoreCase("Accept");
        }
        if (!accept) {
            // else HttpURLConnection sends its own, meant for browsers of the 1990s
            connection.setRequestProperty("Accept", "*/*");
        }
        byte[] body = request.body();
        if (body != null) {
            // buffered, not streamed with setFixedLengthStreamingMode: in streaming mode HttpURLConnection drops the
            // body of a 401, and the client's typed exception carries the service's problem document
            connection.setDoOutput(true);
            try (OutputStream out = connection.getOutputStream()) {
                out.write(body);
            }
        }
        int status = connection.getResponseCode();
        return new Answer(status, headersOf(connection), bodyOf(connection, status, request.bodyLimit()));
    }

    /** Reads the whole body, so the connection goes back to the pool; drops the connection beyond the limit. */
    /** Nothing to release: the JDK's pool of kept-alive connections is shared by the whole JVM. */
    @Override
    public void close() {
    }

    private static byte[] bodyOf(HttpURLConnection connection, int status, int bodyLimit) throws IOException {
        int limit = status < 300 ? bodyLimit : Math.min(bodyLimit, BoundedBody.ERROR_BODY_LIMIT);
        long declared = connection.getContentLengthLong();
        if (declared > limit) {
            connection.disconnect();
            throw tooLarge(limit);
        }
        try (InputStream in = status >= 400 ? connection.getErrorStream() : connection.getInputStream()) {
            if (in == null) {
                return new byte[0];
            }
            if (declared >= 0) {
                return in.readNBytes((int) declared);
            }
            byte[] bytes = in.readNBytes(limit == Integer.MAX_VALUE ? limit : limit + 1);
            if (bytes.length > limit) {
                connection.disconnect();
                throw tooLarge(limit);
            }
            return bytes;
        }
    }

    private static HttpHeaders headersOf(HttpURLConnection connection) {
        Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        connection.getHeaderFields().forEach((name, values) -> {
            if (name != null) {
                // the status line comes as the values of the null name
                headers.put(name, values);
            }
        });
        return HttpHeaders.of(headers, (name, value) -> true);
    }

    private static IOException tooLarge(int limit) {
        return new IOException("response body exceeds the limit of " + limit + " bytes");
    }

    private static int millis(Duration duration) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, duration.toMillis()));
    }
}
