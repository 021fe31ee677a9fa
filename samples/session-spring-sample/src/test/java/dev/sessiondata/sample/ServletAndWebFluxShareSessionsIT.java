package dev.sessiondata.sample;

import static dev.sessiondata.sample.AppInstance.cookieOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.reactivesample.ReactiveShopApplication;
import dev.sessiondata.spring.SessionDataReactiveSessionRepository;
import dev.sessiondata.testsupport.TestServer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The servlet shop and its WebFlux variant, each configured with nothing but the starter's properties, share a
 * user's session through the real service over real HTTP: one {@code SESSION} cookie works on both, and what one
 * writes the other reads, both ways.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServletAndWebFluxShareSessionsIT {

    private TestServer server;
    private AppInstance servlet;
    private ConfigurableApplicationContext webflux;
    private int webfluxPort;

    @BeforeAll
    void start() {
        server = TestServer.start("sessiondata.store.type=memory");
        servlet = AppInstance.start(server.baseUri());
        webflux = new SpringApplicationBuilder(ReactiveShopApplication.class)
                .web(WebApplicationType.REACTIVE)
                .run("--server.port=0", "--sessiondata.client.base-uri=" + server.baseUri(),
                        "--sessiondata.client.token=" + TestServer.TOKEN,
                        "--sessiondata.client.allow-packages=dev.sessiondata.sample",
                        // as AppInstance does for the servlet shop: the tests hand the SESSION cookie on by hand
                        "--sessiondata.client.near-cache.enabled=false",
                        // the servlet shop's Spring Security is on this test's class path, not the WebFlux shop's
                        "--spring.autoconfigure.exclude="
                                + "org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration,"
                                + "org.springframework.boot.security.autoconfigure.ReactiveUserDetailsServiceAutoConfiguration,"
                                + "org.springframework.boot.security.autoconfigure.web.reactive.ReactiveWebSecurityAutoConfiguration,"
                                + "org.springframework.boot.security.autoconfigure.actuate.web.reactive.ReactiveManagementWebSecurityAutoConfiguration");
        webfluxPort = Integer.parseInt(webflux.getEnvironment().getRequiredProperty("local.server.port"));
    }

    @AfterAll
    void stop() {
        if (webflux != null) {
            webflux.close();
        }
        if (servlet != null) {
            servlet.close();
        }
        server.close();
    }

    @Test
    void theWebFluxApplicationKeepsItsSessionsInTheServiceThroughTheReactiveRepository() {
        assertThat(webflux.getBeansOfType(SessionDataReactiveSessionRepository.class)).hasSize(1);
    }

    @Test
    void aSessionStartedOnTheServletShopIsReadAndWrittenOnTheWebFluxOne() {
        String cookie = cookieOf(servlet.send("POST", "/login?user=ada", null));
        servlet.send("POST", "/attribute?name=currency&value=EUR", cookie);

        assertThat(onWebFlux("GET", "/user", cookie).body()).isEqualTo("ada");
        assertThat(onWebFlux("GET", "/attribute?name=currency", cookie).body()).isEqualTo("EUR");

        HttpResponse<String> written = onWebFlux("POST", "/attribute?name=theme&value=dark", cookie);
        assertThat(written.statusCode()).isEqualTo(200);
        assertThat(servlet.send("GET", "/attribute?name=theme", cookie).body()).isEqualTo("dark");
    }

    @Test
    void aSessionStartedOnTheWebFluxShopIsReadAndWrittenOnTheServletOne() {
        String cookie = cookieOf(onWebFlux("POST", "/login?user=grace", null));
        assertThat(cookie).startsWith("SESSION=");

        assertThat(servlet.send("GET", "/cart", cookie).body()).isEqualTo("grace []");
        servlet.send("POST", "/attribute?name=currency&value=CHF", cookie);

        assertThat(onWebFlux("GET", "/attribute?name=currency", cookie).body()).isEqualTo("CHF");
    }

    @Test
    void aLogoutOnTheWebFluxShopEndsTheSessionOnTheServletOne() {
        String cookie = cookieOf(servlet.send("POST", "/login?user=bob", null));

        onWebFlux("POST", "/logout", cookie);

        assertThat(servlet.send("GET", "/cart", cookie).body()).isEqualTo("null []");
    }

    /**
     * The WebFlux shop carries the version of the session in the servlet shop's {@code SESSION_VERSION} cookie: a write
     * answers the version the service now holds, which the servlet shop's next read asks for at least.
     */
    @Test
    void aWriteOnTheWebFluxShopAnswersTheVersionCookieOfTheVersionWritten() throws Exception {
        String cookie = cookieOf(onWebFlux("POST", "/login?user=lin", null));

        HttpResponse<String> written = onWebFlux("POST", "/attribute?name=currency&value=JPY", cookie);

        String versionCookie = written.headers().allValues("Set-Cookie").stream()
                .filter(set -> set.startsWith("SESSION_VERSION=")).findFirst().orElseThrow();
        assertThat(versionCookie).containsIgnoringCase("HttpOnly").contains("SameSite=Lax");
        String version = versionCookie.substring("SESSION_VERSION=".length()).split(";", 2)[0];
        HttpResponse<Void> stored = HttpClient.newHttpClient().send(HttpRequest.newBuilder(server.baseUri().resolve(
                        "/api/v1/sessions/" + AppInstance.sessionIdOf(cookie)))
                .method("HEAD", HttpRequest.BodyPublishers.noBody())
                .header("Authorization", "Bearer " + TestServer.TOKEN).build(), HttpResponse.BodyHandlers.discarding());
        assertThat(stored.headers().firstValue("ETag")).hasValue("\"" + version + "\"");
        assertThat(servlet.send("GET", "/attribute?name=currency", cookie + "; SESSION_VERSION=" + version).body())
                .isEqualTo("JPY");
    }

    private HttpResponse<String> onWebFlux(String method, String path, String cookie) {
        return AppInstance.send(webfluxPort, method, path, cookie);
    }
}
