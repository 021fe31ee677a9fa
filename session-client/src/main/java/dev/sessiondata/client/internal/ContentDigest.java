package dev.sessiondata.client.internal;

import dev.sessiondata.client.IntegrityException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The integrity fields of RFC 9530 for session bodies: the {@code Content-Digest} this client sends with every write,
 * and the check of a {@code Repr-Digest} a service sends with a read, both with {@code sha-256} (the one algorithm
 * the RFC's registry marks "Active" that every JDK has). A service that sends no {@code Repr-Digest} is read as
 * before; one that sends only algorithms this client does not know is too (RFC 9530 section 3: a recipient may
 * ignore them). Comparing before the payload reaches a deserializer is what turns corruption into an
 * {@link IntegrityException} rather than, as for many corrupted payloads, a different value that deserializes.
 */
public final class ContentDigest {

    /** The request field of a write (RFC 9530 section 2). */
    public static final String CONTENT_DIGEST = "Content-Digest";
    /** The response field of a read (RFC 9530 section 3). */
    public static final String REPR_DIGEST = "Repr-Digest";
    static final String SHA_256 = "sha-256";
    /**
     * Cloned for each digest: looking SHA-256 up among the security providers ({@code MessageDigest.getInstance})
     * cost more than hashing a 4 KB session (JFR of the Spring sample shop, docs/benchmarks/2026-11-29-near-cached-
     * write-hop-by-hop); a clone is a copy of the initial state. No thread-local: the client runs on the
     * application's threads and must leave nothing on them.
     */
    private static final MessageDigest SHA_256_PROTOTYPE = newSha256();

    private ContentDigest() {
    }

    /** The field value for {@code body}: {@code sha-256=:<base64 of its SHA-256>:}. */
    public static String of(byte[] body) {
        return SHA_256 + "=:" + Base64.getEncoder().encodeToString(sha256(body)) + ":";
    }

    /**
     * Checks {@code body} against the {@code sha-256} member of the {@code Repr-Digest} field values; nothing to do
     * when there is none.
     *
     * @throws IntegrityException if the digest differs, or the {@code sha-256} member is not a byte sequence of 32
     *     bytes
     */
    public static void verify(String request, List<String> fieldValues, byte[] body) {
        Optional<String> member = sha256Member(fieldValues);
        if (member.isEmpty()) {
            return;
        }
        byte[] expected = decode(request, member.get());
        byte[] actual = sha256(body);
        if (!MessageDigest.isEqual(expected, actual)) {
            throw new IntegrityException(request + " answered " + body.length + " bytes whose sha-256 is "
                    + Base64.getEncoder().encodeToString(actual) + ", but its " + REPR_DIGEST + " says "
                    + Base64.getEncoder().encodeToString(expected) + ": the session was changed or damaged after it "
                    + "was written", SHA_256);
        }
    }

    /** Whether the {@code Repr-Digest} field values have a {@code sha-256} member. */
    public static boolean hasSha256(List<String> fieldValues) {
        return sha256Member(fieldValues).isPresent();
    }

    /**
     * The value of the {@code sha-256} member of a Structured Fields dictionary (RFC 8941) split over any number of
     * field lines; its parameters are ignored. A byte sequence never holds a comma, so members split on commas.
     */
    private static Optional<String> sha256Member(List<String> fieldValues) {
        for (String line : fieldValues) {
            for (String member : line.split(",")) {
                int equals = member.indexOf('=');
                if (equals > 0 && member.substring(0, equals).strip().toLowerCase(Locale.ROOT).equals(SHA_256)) {
                    String value = member.substring(equals + 1).strip();
                    int parameters = value.indexOf(';');
                    return Optional.of(parameters < 0 ? value : value.substring(0, parameters).strip());
                }
            }
        }
        return Optional.empty();
    }

    private static byte[] decode(String request, String value) {
        if (value.length() >= 2 && value.startsWith(":") && value.endsWith(":")) {
            try {
                byte[] digest = Base64.getDecoder().decode(value.substring(1, value.length() - 1)
                        .getBytes(StandardCharsets.US_ASCII));
                if (digest.length == 32) {
                    return digest;
                }
            } catch (IllegalArgumentException notBase64) {
                // reported below with the value as it came
            }
        }
        throw new IntegrityException(request + " answered a " + REPR_DIGEST + " whose sha-256 is not a 32-byte "
                + "byte sequence: '" + value + "'", SHA_256);
    }

    private static byte[] sha256(byte[] body) {
        MessageDigest digest;
        try {
            digest = (MessageDigest) SHA_256_PROTOTYPE.clone();
        } catch (CloneNotSupportedException notCloneable) {
            // a provider's digest that cannot be copied is looked up anew
            digest = newSha256();
        }
        return digest.digest(body);
    }

    private static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256 (Java SE's MessageDigest)", e);
        }
    }
}
