package dev.sessiondata.loadtest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;

/**
 * Logs shoppers in on a running {@code samples/session-spring-sample} and fills their carts to a size, through the
 * shop's own endpoints, as a browser would: what {@link SpringSessionComparison} measures afterwards. A cart line is
 * about 100 characters (SKU, product name, quantity, price), so {@code bytes} of cart text is {@code bytes / 100}
 * lines, whatever the store and serializer later make of them.
 */
final class ShopSessions {

    /** Lines per request: under Tomcat's limit of 1,000 request parameters. */
    private static final int LINES_PER_REQUEST = 200;

    private static final String[] PRODUCTS = {"Espresso cups, stoneware, set of 6", "Chef's knife, 20 cm, forged steel",
        "Linen tea towels, natural, pack of 3", "Cast-iron casserole, 24 cm, cherry red", "Bamboo cutting board, large",
        "Pour-over coffee dripper, ceramic, size 02", "Wool throw blanket, 130 x 170 cm, grey"};

    private final HttpClient http = HttpClient.newHttpClient();

    /** {@code count} shoppers on the shop at {@code baseUrl}, each logged in with a cart of {@code bytes}; their cookies. */
    List<String> create(String baseUrl, String label, int count, int bytes) {
        List<String> cookies = new ArrayList<>(count);
        for (int shopper = 0; shopper < count; shopper++) {
            HttpResponse<String> login = send(baseUrl, "/login", "user=" + label + "-shopper-" + shopper, null);
            String cookie = login.headers().firstValue("Set-Cookie")
                    .orElseThrow(() -> new IllegalStateException("no session cookie from " + baseUrl + "/login"))
                    .split(";", 2)[0];
            int lines = Math.max(1, bytes / 100);
            for (int first = 0; first < lines; first += LINES_PER_REQUEST) {
                int last = Math.min(lines, first + LINES_PER_REQUEST);
                String items = IntStream.range(first, last)
                        .mapToObj(line -> "item=" + URLEncoder.encode(line(line), StandardCharsets.UTF_8))
                        .collect(Collectors.joining("&"));
                send(baseUrl, "/cart", items, cookie);
            }
            cookies.add(cookie);
        }
        return cookies;
    }

    /** One cart line of 100 characters. */
    static String line(int line) {
        String text = String.format("sku-%06d %s, qty %d, %d.%02d EUR, delivery: standard, gift wrap: no, warehouse: DE-%d",
                100_000 + line * 7919 % 900_000, PRODUCTS[line % PRODUCTS.length], 1 + line % 4, 5 + line % 95,
                line * 37 % 100, line % 9);
        return text.substring(0, 100);
    }

    private HttpResponse<String> send(String baseUrl, String path, String form, @Nullable String cookie) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form));
        if (cookie != null) {
            request.header("Cookie", cookie);
        }
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("POST " + baseUrl + path + " answered " + response.statusCode()
                        + ": " + response.body());
            }
            return response;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while seeding " + baseUrl, e);
        }
    }
}
