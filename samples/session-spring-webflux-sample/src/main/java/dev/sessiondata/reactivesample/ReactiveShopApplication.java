package dev.sessiondata.reactivesample;

import java.util.Objects;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.WebSession;
import reactor.core.publisher.Mono;

/**
 * The shop's WebFlux variant: a login and the user's preferences in the {@link WebSession}. Nothing in it knows
 * about the session-data service: the starter keeps the WebSession there through the client's non-blocking view
 * (see application.properties), and its {@code SESSION} cookie is the servlet shop's, so a user moves between
 * the two. Its package is apart from the servlet shop's, so that neither scans the other's controller where both
 * are on one class path (the servlet shop's integration test). Run it with the service up:
 * {@code ./mvnw -pl samples/session-spring-webflux-sample spring-boot:run}, with {@code SESSIONDATA_BASE_URI} and
 * {@code SESSIONDATA_TOKEN} set.
 */
@SpringBootApplication
@RestController
public class ReactiveShopApplication {

    public static void main(String[] args) {
        SpringApplication.run(ReactiveShopApplication.class, args);
    }

    /** Logs in: a new session id against session fixation, the user in the session. */
    @PostMapping("/login")
    Mono<String> login(WebSession session, @RequestParam String user) {
        return session.changeSessionId().then(Mono.fromSupplier(() -> {
            session.getAttributes().put("user", user);
            return user;
        }));
    }

    /** A preference of the user's, such as a currency; one attribute per name. */
    @PostMapping("/attribute")
    Mono<String> set(WebSession session, @RequestParam String name, @RequestParam String value) {
        session.getAttributes().put(name, value);
        return Mono.just(value);
    }

    @GetMapping("/attribute")
    Mono<String> get(WebSession session, @RequestParam String name) {
        return Mono.just(String.valueOf(session.getAttributes().get(name)));
    }

    @GetMapping("/user")
    Mono<String> user(WebSession session) {
        return Mono.just(Objects.toString(session.getAttributes().get("user")));
    }

    @PostMapping("/logout")
    Mono<String> logout(WebSession session) {
        return session.invalidate().thenReturn("bye");
    }
}
