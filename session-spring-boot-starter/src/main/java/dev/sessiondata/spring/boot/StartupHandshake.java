package dev.sessiondata.spring.boot;

import dev.sessiondata.client.SessionClient;
import dev.sessiondata.client.SessionClientException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;

/**
 * Performs the client's handshake once the application is ready, so that the schemas of the registered classes
 * are uploaded at startup rather than by the first request, without making the service a condition of starting.
 * A service that does not answer is warned about; the first request that needs a session tries again and fails
 * with the client's exception if the service is still away.
 */
final class StartupHandshake implements ApplicationListener<ApplicationReadyEvent> {

    private static final Logger log = LoggerFactory.getLogger(StartupHandshake.class);

    private final SessionClient client;

    StartupHandshake(SessionClient client) {
        this.client = client;
    }

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        try {
            client.connect();
        } catch (SessionClientException e) {
            log.warn("The session-data service did not complete the handshake at startup ({}); the first request "
                    + "that needs a session tries again. Set sessiondata.client.connect-on-startup=true to fail the "
                    + "startup instead", e.toString());
        }
    }
}
