package dev.sessiondata.sample;

import static dev.sessiondata.sample.AppInstance.cookieOf;
import static dev.sessiondata.sample.AppInstance.sessionIdOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.sessiondata.client.SessionClient;
import dev.sessiondata.testsupport.TestServer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Two instances of one web application, configured with nothing but the starter's properties, share their users'
 * sessions through the real service: a browser's cookie from one works on the other. One subclass per store of the
 * service.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class TwoInstances {

    private SampleDeployment deployment;
    private TestServer server;
    private AppInstance a;
    private AppInstance b;

    /** The service's store properties. */
    abstract String[] store();

    @BeforeAll
    void start() {
        deployment = SampleDeployment.start(store());
        server = deployment.server();
        a = deployment.a();
        b = deployment.b();
    }

    @AfterAll
    void stop() {
        if (deployment != null) {
            deployment.close();
        }
    }

    @Test
    void aUserLoggedInOnOneInstanceHasTheirCartOnTheOther() {
        String anonymous = cookieOf(a.send("POST", "/cart?item=book", null));
        String loggedIn = cookieOf(a.send("POST", "/login?user=ada", anonymous));
        a.send("POST", "/cart?item=pen", loggedIn);

        assertThat(loggedIn).startsWith("SESSION=").isNotEqualTo(anonymous);
        assertThat(b.send("GET", "/cart", loggedIn).body()).isEqualTo("ada Cart[book, pen]");
        assertThat(b.send("GET", "/cart", anonymous).body()).as("the id before the login is gone")
                .isEqualTo("null []");
    }

    @Test
    void aRequestThatOnlyReadsTheSessionDoesNotRewriteIt() {
        String cookie = cookieOf(a.send("POST", "/login?user=dave", null));
        SessionClient client = a.bean(SessionClient.class);
        String version = client.get(sessionIdOf(cookie), HashMap.class).orElseThrow().version();

        assertThat(b.send("GET", "/cart", cookie).body()).isEqualTo("dave []");
        assertThat(a.send("GET", "/cart", cookie).body()).isEqualTo("dave []");

        assertThat(client.get(sessionIdOf(cookie), HashMap.class).orElseThrow().version()).isEqualTo(version);
    }

    /**
     * Spring Session's filter asks the repository for the requested session again after each of its two saves per
     * request (spring-session#1731): the request's own read answers those, so a request decodes its session once.
     */
    @Test
    void aRequestReadsItsSessionOnce() {
        String cookie = cookieOf(a.send("POST", "/login?user=gus", null));
        MeterRegistry meters = a.bean(MeterRegistry.class);
        long before = decoded(meters);

        assertThat(a.send("GET", "/cart", cookie).body()).isEqualTo("gus []");
        assertThat(a.send("POST", "/cart?item=pen", cookie).statusCode()).isEqualTo(200);

        assertThat(decoded(meters) - before).as("sessions decoded by a read and a write").isEqualTo(2);
        assertThat(b.send("GET", "/cart", cookie).body()).isEqualTo("gus Cart[pen]");
    }

    private static long decoded(MeterRegistry meters) {
        return meters.find("sessiondata.client.deserialize").timers().stream().mapToLong(Timer::count).sum();
    }

    @Test
    void logoutOnOneInstanceEndsTheSessionOnBoth() {
        String cookie = cookieOf(a.send("POST", "/login?user=bob", null));
        SessionClient client = a.bean(SessionClient.class);
        assertThat(client.get(sessionIdOf(cookie), HashMap.class)).isPresent();

        b.send("POST", "/logout", cookie);

        assertThat(client.get(sessionIdOf(cookie), HashMap.class)).isEmpty();
        assertThat(a.send("GET", "/cart", cookie).body()).isEqualTo("null []");
    }

    @Test
    void parallelRequestsOnBothInstancesSettingDifferentAttributesKeepBoth() throws Exception {
        String cookie = cookieOf(a.send("POST", "/login?user=carol", null));
        for (int round = 0; round < 20; round++) {
            String value = "v" + round;
            CompletableFuture<HttpResponse<String>> onA = CompletableFuture.supplyAsync(() ->
                    a.send("POST", "/attribute?name=a&value=" + value, cookie));
            CompletableFuture<HttpResponse<String>> onB = CompletableFuture.supplyAsync(() ->
                    b.send("POST", "/attribute?name=b&value=" + value, cookie));
            assertThat(onA.get().statusCode()).isEqualTo(200);
            assertThat(onB.get().statusCode()).isEqualTo(200);

            assertThat(a.send("GET", "/attribute?name=a", cookie).body()).isEqualTo(value);
            assertThat(b.send("GET", "/attribute?name=b", cookie).body()).isEqualTo(value);
        }
    }

    @Test
    void eightParallelStreamsOfAHundredIncrementsOnBothInstancesLoseNothing() throws Exception {
        String cookie = cookieOf(a.send("POST", "/login?user=erin", null));
        int streams = 8;
        int increments = 100;
        ExecutorService pool = Executors.newFixedThreadPool(streams);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int s = 0; s < streams; s++) {
                AppInstance instance = s % 2 == 0 ? a : b;
                String counter = "counter-" + s;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < increments; i++) {
                        HttpResponse<String> response = instance.send("POST", "/counter?name=" + counter, cookie);
                        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
                    }
                    return null;
                }));
            }
            for (Future<?> future : done) {
                future.get();
            }
        } finally {
            pool.shutdown();
        }

        for (int s = 0; s < streams; s++) {
            assertThat(b.send("GET", "/attribute?name=counter-" + s, cookie).body()).as("counter-" + s)
                    .isEqualTo(String.valueOf(increments));
        }
    }

    @Test
    void aSessionIdleLongerThanItsTimeoutIsGoneFromBothInstances() {
        try (AppInstance brief = AppInstance.start(server.baseUri(), "--spring.session.timeout=1s")) {
            String cookie = cookieOf(brief.send("POST", "/login?user=frank", null));
            String id = sessionIdOf(cookie);

            // the service's HEAD looks without sliding the expiry, as a request of the user's would
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                    .until(() -> server.head(id).statusCode(), status -> status == 404);

            assertThat(a.send("GET", "/cart", cookie).body()).isEqualTo("null []");
            assertThat(brief.send("GET", "/cart", cookie).body()).isEqualTo("null []");
        }
    }

    @Test
    void theRegisteredClassesSchemasWereUploadedAtStartupBeforeAnyRequest() {
        try (AppInstance fresh = AppInstance.start(server.baseUri())) {
            assertThat(fresh.bean(MeterRegistry.class).find("sessiondata.client.requests")
                    .tag("operation", "descriptors-upload").timers()).isNotEmpty();
            assertThat(fresh.bean(MeterRegistry.class).find("sessiondata.client.requests")
                    .tag("operation", "get").timers()).isEmpty();
        }
    }

    @Test
    void theServiceIsInTheHealthAndTheClientsMetersInTheRegistry() {
        a.send("GET", "/cart", null);

        HttpResponse<String> health = a.send("GET", "/actuator/health", null);
        assertThat(health.statusCode()).isEqualTo(200);
        // the component's object, with its one nested object (details): Boot 3.5 writes status first, Boot 4 last
        String component = health.body()
                .replaceFirst("(?s).*\"sessionData\":(\\{[^{}]*(\\{[^{}]*\\})?[^{}]*\\}).*", "$1");
        assertThat(component).contains("\"status\":\"UP\"")
                .contains("\"details\":{\"activeSerializer\":\"fory-shared\",\"writeSerializer\":\"fory-shared\"}");
        assertThat(a.bean(MeterRegistry.class).find("sessiondata.client.requests").meters()).isNotEmpty();
    }
}
