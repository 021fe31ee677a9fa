package dev.sessiondata.server.session;

import dev.sessiondata.server.http.ApiProblemException;
import dev.sessiondata.api.ProblemType;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Integrity fields of RFC 9530 for session bodies: checks a write's {@code Content-Digest} and makes the
 * {@code Repr-Digest} value stored beside the session. The field is an RFC 8941 dictionary such as
 * {@code sha-256=:<base64>:, sha-512=:<base64>:}; sha-256 and sha-512 are checked, any other algorithm is ignored
 * as RFC 9530 allows. The stored value always has sha-256 (computed here when the write sent none, so every read
 * can be checked), and the sha-512 a write sent and that matched.
 */
final class ContentDigests {

    private static final String SHA_256 = "sha-256";
    private static final String SHA_512 = "sha-512";

    /** A digest instance per event loop thread: getting one from the providers each time costs more than hashing a session. */
    private static final ThreadLocal<MessageDigest> SHA_256_DIGESTS = ThreadLocal.withInitial(() -> digest("SHA-256"));
    private static final ThreadLocal<MessageDigest> SHA_512_DIGESTS = ThreadLocal.withInitial(() -> digest("SHA-512"));

    private ContentDigests() {
    }

    /**
     * The {@code Repr-Digest} value to store for {@code body}, after checking {@code contentDigest} (null: the
     * write sent none) against it: a 400 {@code digest-mismatch} when a sha-256 or sha-512 member differs, a 400
     * {@code invalid-request} when such a member is not a byte sequence.
     */
    static String verifiedReprDigest(@Nullable String contentDigest, byte[] body) {
        byte[] sha256 = SHA_256_DIGESTS.get().digest(body);
        String sha512Member = null;
        if (contentDigest != null) {
            for (String member : contentDigest.split(",")) {
                int equals = member.indexOf('=');
                String algorithm = (equals < 0 ? member : member.substring(0, equals)).strip().toLowerCase(Locale.ROOT);
                if (algorithm.equals(SHA_256)) {
                    check(algorithm, byteSequence(member, equals), sha256);
                } else if (algorithm.equals(SHA_512)) {
                    byte[] sha512 = SHA_512_DIGESTS.get().digest(body);
                    check(algorithm, byteSequence(member, equals), sha512);
                    sha512Member = member(SHA_512, sha512);
                }
            }
        }
        String sha256Member = member(SHA_256, sha256);
        return sha512Member == null ? sha256Member : sha256Member + ", " + sha512Member;
    }

    private static String member(String algorithm, byte[] digest) {
        return algorithm + "=:" + Base64.getEncoder().encodeToString(digest) + ":";
    }

    /** The bytes of an RFC 8941 byte sequence {@code :<base64>:}, parameters after it ignored. */
    private static byte[] byteSequence(String member, int equals) {
        String value = equals < 0 ? "" : member.substring(equals + 1);
        int parameters = value.indexOf(';');
        value = (parameters < 0 ? value : value.substring(0, parameters)).strip();
        if (value.length() < 2 || value.charAt(0) != ':' || value.charAt(value.length() - 1) != ':') {
            throw malformed(member);
        }
        try {
            return Base64.getDecoder().decode(value.substring(1, value.length() - 1));
        } catch (IllegalArgumentException notBase64) {
            throw malformed(member);
        }
    }

    private static void check(String algorithm, byte[] sent, byte[] computed) {
        if (!MessageDigest.isEqual(sent, computed)) {
            throw new ApiProblemException(ProblemType.DIGEST_MISMATCH,
                    "The body's " + algorithm + " digest is not the one Content-Digest names; nothing was stored.");
        }
    }

    private static ApiProblemException malformed(String member) {
        return new ApiProblemException(ProblemType.INVALID_REQUEST,
                "Content-Digest member '" + member.strip() + "' is not algorithm=:<base64>: (RFC 9530)");
    }

    private static MessageDigest digest(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException required) {
            // every Java platform must have SHA-256 and SHA-512 (MessageDigest's javadoc)
            throw new IllegalStateException(required);
        }
    }
}
