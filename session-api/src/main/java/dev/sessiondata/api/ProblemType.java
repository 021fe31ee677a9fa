package dev.sessiondata.api;

import java.net.URI;
import java.util.Optional;

/**
 * The stable {@code type} of every RFC 9457 problem document the service answers with, and the status it comes with.
 *
 * <p>Clients branch on {@link #uri()}, never on the title or detail text. The URIs are URNs: stable identifiers,
 * not addresses to dereference. New types may be added; an existing URI never changes meaning.
 */
public enum ProblemType {

    /** A malformed request that no more specific type describes. */
    INVALID_REQUEST(400, "invalid-request", "Invalid request"),
    /** The session id in the path does not match {@link SessionApi#SESSION_ID}. */
    INVALID_SESSION_ID(400, "invalid-session-id", "Invalid session id"),
    /** The {@code ttl} parameter is not a whole number of seconds between 1 and the configured maximum. */
    INVALID_TTL(400, "invalid-ttl", "Invalid time to live"),
    /** A {@code Content-Digest} (RFC 9530) of a supported algorithm does not match the body; nothing was stored. */
    DIGEST_MISMATCH(400, "digest-mismatch", "Digest mismatch"),
    /** No bearer token, or one the server does not know. */
    UNAUTHORIZED(401, "unauthorized", "Unauthorized"),
    /** The token is known but may not do this, such as a write with a read token. */
    FORBIDDEN(403, "forbidden", "Forbidden"),
    /** No session (absent or expired), no descriptor of that uid, or no such path. */
    NOT_FOUND(404, "not-found", "Not found"),
    METHOD_NOT_ALLOWED(405, "method-not-allowed", "Method not allowed"),
    NOT_ACCEPTABLE(406, "not-acceptable", "Not acceptable"),
    /**
     * A descriptor upload with a record that is not a descriptor of its serializer's format, or whose uid is not the
     * digest of its bytes; nothing of the batch was stored.
     */
    INVALID_DESCRIPTOR(400, "invalid-descriptor", "Invalid descriptor"),
    /**
     * A {@code Session-Index} header that is malformed, names an index the service does not keep, repeats a name or
     * has a value too long, or a lookup of such an index; nothing was stored.
     */
    INVALID_INDEX(400, "invalid-index", "Invalid index"),
    /**
     * The write would add its session to an index value that holds the configured most sessions already; nothing was
     * stored. The problem's {@code index} names the index.
     */
    INDEX_VALUE_FULL(409, "index-value-full", "Index value full"),
    /** A descriptor upload names a uid the server already holds with different bytes. */
    DESCRIPTOR_CONFLICT(409, "descriptor-conflict", "Descriptor conflict"),
    /** An id change names a new id under which a session exists already; nothing changed. */
    SESSION_EXISTS(409, "session-exists", "Session exists"),
    /** {@code If-Match} named another version, or {@code If-None-Match: *} found a session. */
    PRECONDITION_FAILED(412, "precondition-failed", "Precondition failed"),
    /** The body is larger than the configured limit; the problem's {@code maxBytes} says the limit. */
    PAYLOAD_TOO_LARGE(413, "payload-too-large", "Payload too large"),
    /** The request line is longer than the server parses (4 KiB); answered before any of the server's code runs. */
    URI_TOO_LONG(414, "uri-too-long", "URI too long"),
    /**
     * The descriptors of a serializer reached the configured total size; nothing of the batch was stored. No
     * {@code Retry-After}: descriptors never expire, so retrying does not help until an operator raises the bound.
     */
    SCHEMA_QUOTA_EXCEEDED(429, "schema-quota-exceeded", "Schema quota exceeded"),
    /** A session body whose serializer is unknown or not accepted; the problem's {@code accepted} lists those taken. */
    UNSUPPORTED_SERIALIZER(415, "unsupported-serializer", "Unsupported serializer"),
    /** A body of a media type the endpoint does not take (other than a session's serializer media type). */
    UNSUPPORTED_MEDIA_TYPE(415, "unsupported-media-type", "Unsupported media type"),
    /** The header section is larger than the server parses; answered before any of the server's code runs. */
    HEADER_TOO_LARGE(431, "header-too-large", "Request header fields too large"),
    INTERNAL_ERROR(500, "internal-error", "Internal error"),
    /** The session store cannot be reached; retry later. Nothing was half-written. */
    STORE_UNAVAILABLE(503, "store-unavailable", "Session store unavailable"),
    /** The client holds as many change feed streams as it may; retry after {@code Retry-After}. */
    TOO_MANY_STREAMS(503, "too-many-streams", "Too many change streams"),
    /**
     * The store did not answer in time after the command was sent: the change may have been applied, or may still
     * be. Read before retrying a conditional write, which may otherwise find its own write.
     */
    STORE_OUTCOME_UNKNOWN(504, "store-outcome-unknown", "Session store outcome unknown"),
    /**
     * The store is out of memory and refuses writes (Redis's {@code OOM} at {@code maxmemory} with
     * {@code noeviction}); nothing was written. No {@code Retry-After}: it lasts until sessions expire or an operator
     * acts.
     */
    STORE_FULL(507, "store-full", "Session store full");

    /** Every type URI starts with this. */
    public static final String URI_PREFIX = "urn:sessiondata:problem:";

    private final int status;
    private final String slug;
    private final String title;
    private final URI uri;

    ProblemType(int status, String slug, String title) {
        this.status = status;
        this.slug = slug;
        this.title = title;
        this.uri = URI.create(URI_PREFIX + slug);
    }

    /** The HTTP status this problem comes with. */
    public int status() {
        return status;
    }

    /** The last part of the URI, such as {@code precondition-failed}; also the metric tag of rejected requests. */
    public String slug() {
        return slug;
    }

    /** A short, human-readable summary that does not change from occurrence to occurrence. */
    public String title() {
        return title;
    }

    /** The problem document's {@code type}. */
    public URI uri() {
        return uri;
    }

    /** The type of this URI; empty for {@code about:blank} or a URI this version does not know. */
    public static Optional<ProblemType> of(URI uri) {
        for (ProblemType type : values()) {
            if (type.uri.equals(uri)) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }
}
