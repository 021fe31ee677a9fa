package dev.sessiondata.server.changes;

/** A client asked for one stream more than it may hold at once. */
public final class SubscriberLimitException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    SubscriberLimitException(String client, int limit) {
        super("Client '" + client + "' holds " + limit + " change streams already, as many as it may.");
    }
}
