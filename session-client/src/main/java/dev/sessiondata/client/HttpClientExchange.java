package dev.sessiondata.client;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

/** Sends through a JDK {@link HttpClient}: the application's own, or ours for {@code https} (HTTP/2). */
final class HttpClientExchange implements Exchange {

    private final HttpClient http;

    HttpClientExchange(HttpClient http) {
        this.http = http;
    }

    @Override
    public Answer exchange(URI uri, ApiRequest request, String authorization, Duration timeout, int bodyLimit)
            throws IOException, InterruptedException {
        byte[] body = request.body();
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri)
                .timeout(timeout)
                .header("Authorization", authorization)
                .method(request.method(), body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        List<String> headers = request.headers();
        for (int i = 0; i < headers.size(); i += 2) {
            builder.header(headers.get(i), headers.get(i + 1));
        }
        HttpResponse<byte[]> response = http.send(builder.build(), BoundedBody.handler(bodyLimit));
        return new Answer(response.statusCode(), response.headers(), response.body());
    }
}
