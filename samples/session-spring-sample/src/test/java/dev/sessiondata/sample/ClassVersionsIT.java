package dev.sessiondata.sample;

import static dev.sessiondata.sample.AppInstance.cookieOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.sessiondata.testsupport.ForkedJvm;
import dev.sessiondata.testsupport.JavaSources;
import dev.sessiondata.testsupport.ServingProcess;
import dev.sessiondata.testsupport.TestServer;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bank scenario, in Spring: two releases of the sample, each in a JVM of its own, the second with a Cart that
 * has a field the first lacks (compiled apart from test resources and put first on its class path), share a user's
 * session through the real service on One Nio. Each uploads its registered Cart's descriptor at startup
 * ({@code sessiondata.client.register-classes}) and fetches the other's, once, on the first read that misses it.
 */
class ClassVersionsIT {

    private static final Pattern COUNT = Pattern.compile("\"statistic\":\"COUNT\",\"value\":([0-9.]+)");

    @TempDir
    static Path temp;

    private static TestServer server;
    private static final List<ServingProcess> apps = new ArrayList<>();

    @BeforeAll
    static void startTheService() {
        server = TestServer.start("sessiondata.serializer.active=one-nio");
    }

    @AfterAll
    static void stopAll() {
        apps.forEach(ServingProcess::close);
        server.close();
    }

    @Test
    void twoReleasesWithDifferentVersionsOfTheCartShareTheSession() {
        List<String> release1 = ForkedJvm.currentClassPath();
        List<String> release2 = new ArrayList<>();
        release2.add(JavaSources.compile("versions/cart-v2", temp.resolve("cart-v2")).toString());
        release2.addAll(release1);
        ServingProcess first = start(release1, "release 1");
        ServingProcess second = start(release2, "release 2");
        assertThat(requests(first, "descriptors-upload")).as("release 1 uploaded its Cart at startup").isEqualTo(1);
        assertThat(requests(second, "descriptors-upload")).as("release 2 uploaded its Cart at startup").isEqualTo(1);

        String cookie = cookieOf(send(first, "POST", "/login?user=ada", null));
        send(first, "POST", "/cart?item=book", cookie);

        // release 2 reads release 1's cart: the field it added is null, as One Nio leaves a field the writer lacked
        assertThat(send(second, "GET", "/cart", cookie).body()).isEqualTo("ada Cart[book] in null");
        send(second, "POST", "/cart?item=pen", cookie);
        // release 1 reads the cart release 2 wrote, skipping the field it does not know
        assertThat(send(first, "GET", "/cart", cookie).body()).isEqualTo("ada Cart[book, pen]");
        assertThat(send(second, "GET", "/cart", cookie).body()).isEqualTo("ada Cart[book, pen] in null");

        assertThat(requests(second, "descriptor-fetch")).as("release 2 fetched release 1's Cart once").isEqualTo(1);
        assertThat(requests(first, "descriptor-fetch")).as("release 1 fetched release 2's Cart once").isEqualTo(1);
    }

    private static ServingProcess start(List<String> classPath, String release) {
        ServingProcess app = ServingProcess.start(ForkedJvm.command(classPath, ShopApplication.class.getName(),
                "--server.port=0",
                "--sessiondata.client.base-uri=" + server.baseUri(),
                "--sessiondata.client.token=" + TestServer.TOKEN,
                "--management.endpoints.web.exposure.include=health,metrics"), release);
        apps.add(app);
        // the startup handshake runs once the application is ready, just after it says it started
        await().atMost(Duration.ofMinutes(1)).until(() -> app.output().contains("Session client ready for"));
        return app;
    }

    /** How many requests of {@code operation} the application's client sent, from its metrics endpoint. */
    private static long requests(ServingProcess app, String operation) {
        HttpResponse<String> metric = send(app, "GET",
                "/actuator/metrics/sessiondata.client.requests?tag=operation:" + operation, null);
        if (metric.statusCode() == 404) {
            return 0;
        }
        assertThat(metric.statusCode()).as(metric.body()).isEqualTo(200);
        Matcher count = COUNT.matcher(metric.body());
        assertThat(count.find()).as(metric.body()).isTrue();
        return (long) Double.parseDouble(count.group(1));
    }

    private static HttpResponse<String> send(ServingProcess app, String method, String path, @Nullable String cookie) {
        HttpResponse<String> response = AppInstance.send(app.port(), method, path, cookie);
        assertThat(response.statusCode()).as(method + " " + path + ": " + response.body() + "\n" + app.output())
                .isLessThan(500);
        return response;
    }
}
