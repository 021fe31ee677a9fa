package dev.sessiondata.client.internal;

import dev.sessiondata.client.SessionClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client's logger, in a class of its own so that it is made by the first message rather than with the client: a
 * read logs nothing, so an application's first {@code get} does not wait for the logging backend to start.
 */
public final class ClientLog {

    public static final Logger LOG = LoggerFactory.getLogger(SessionClient.class);

    private ClientLog() {
    }
}
