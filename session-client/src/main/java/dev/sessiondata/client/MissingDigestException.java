package dev.sessiondata.client;

/**
 * A session answer without a {@code Repr-Digest} of an algorithm this client checks ({@code sha-256}), refused
 * because the client requires one ({@link SessionClientBuilder#requireReprDigest(boolean)}): a session stored
 * before the service kept digests, or one whose stored digest was removed at rest, is not read unchecked.
 */
public class MissingDigestException extends IntegrityException {

    private static final long serialVersionUID = 1L;

    public MissingDigestException(String message) {
        super(message, "sha-256");
    }
}
