package dev.sessiondata.client;

/**
 * A session's bytes do not match the digest the service gave for them ({@code Repr-Digest}, RFC 9530): they were
 * changed at rest or on the way. Thrown before the bytes reach a deserializer, so a damaged session is never read as
 * a different value. Reading it again gets the same bytes; writing the session anew replaces them.
 */
public class IntegrityException extends SessionClientException {

    private static final long serialVersionUID = 1L;

    private final String algorithm;

    public IntegrityException(String message, String algorithm) {
        super(message, null);
        this.algorithm = algorithm;
    }

    /** The digest algorithm that disagreed, such as {@code sha-256}. */
    public String algorithm() {
        return algorithm;
    }
}
