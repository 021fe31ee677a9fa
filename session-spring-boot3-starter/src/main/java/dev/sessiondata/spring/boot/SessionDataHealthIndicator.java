package dev.sessiondata.spring.boot;

import dev.sessiondata.client.SessionClient;
import java.util.HashMap;
import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

/**
 * The Spring Boot 3.5 twin of session-spring-boot-starter's health indicator (Actuator's Boot 3.5 package).
 * <p>
 * Whether the session-data service answers this application: one read of a session id no application uses (an
 * answer of "absent" is the healthy one), with the service's active serializer and the one this client writes with
 * as details, each asked of the service then. Down when the service cannot be reached or refuses the token.
 */
public final class SessionDataHealthIndicator extends AbstractHealthIndicator {

    /** Read, never written: the client has no request of its own for a liveness probe. */
    static final String PROBE_ID = "sessiondata-health-probe";

    private final SessionClient client;

    public SessionDataHealthIndicator(SessionClient client) {
        super("Session-data service health check failed");
        this.client = client;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        client.get(PROBE_ID, HashMap.class);
        builder.up()
                .withDetail("activeSerializer", client.fetchActiveSerializer())
                .withDetail("writeSerializer", client.fetchWriteSerializer());
    }
}
