package dev.sessiondata.sample;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.testsupport.TestServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * One running instance of {@link ShopApplication}, configured as its users would (the two properties plus the
 * allow-list), and a browser's view of it: requests with or without a {@code SESSION} cookie.
 */
final class AppInstance implements AutoCloseable {

    private static final HttpClient http = HttpClient.newHttpClient();

    private final ConfigurableApplicationContext context;

    private AppInstance(ConfigurableApplicationContext context) {
        this.context = context;
    }

    /** Starts an instance against the service, with {@code more} command-line properties ({@code --key=value}). */
    static AppInstance start(URI service, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=0",
                "--sessiondata.client.base-uri=" + service,
                "--sessiondata.client.token=" + TestServer.TOKEN,
                // these tests hand one SESSION cookie from instance to instance, not a browser's jar: the version
                // cookie would not travel with it, and a near cache without it is only eventually consistent
                "--sessiondata.client.near-cache.enabled=false",
                "--management.endpoint.health.show-components=always",
                "--management.endpoint.health.show-details=always"));
        args.addAll(List.of(more));
        return new AppInstance(new SpringApplicationBuilder(ShopApplication.class).run(args.toArray(String[]::new)));
    }

    <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    HttpResponse<String> send(String method, String path, @Nullable String cookie) {
        return send(Integer.parseInt(context.getEnvironment().getRequiredProperty("local.server.port")), method, path,
                cookie);
    }

    /** A browser's request to the application on {@code port}, with the cookie it holds (if any). */
    static HttpResponse<String> send(int port, String method, String path, @Nullable String cookie) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (cookie != null) {
            request.header("Cookie", cookie);
        }
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during " + method + " " + path, e);
        }
    }

    /** The {@code SESSION=...} cookie a response set, as the browser sends it back. */
    static String cookieOf(HttpResponse<String> response) {
        Optional<String> setCookie = response.headers().allValues("Set-Cookie").stream()
                .filter(cookie -> cookie.startsWith("SESSION=")).findFirst();
        assertThat(setCookie).as("SESSION's Set-Cookie of " + response.uri()).isPresent();
        return setCookie.get().split(";", 2)[0];
    }

    /** The session id in the service that a cookie names (Spring Session's cookie is the id in Base64). */
    static String sessionIdOf(String cookie) {
        String value = cookie.substring(cookie.indexOf('=') + 1);
        return new String(Base64.getDecoder().decode(value), StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        context.close();
    }
}
