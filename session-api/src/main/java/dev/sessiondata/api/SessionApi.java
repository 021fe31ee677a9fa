package dev.sessiondata.api;

import java.util.Optional;
import java.util.regex.Pattern;

/** Paths, headers and media types of the session-data HTTP API, version 1. */
public final class SessionApi {

    /** Every API path starts with this. */
    public static final String BASE_PATH = "/api/v1";
    public static final String SESSIONS_PATH = BASE_PATH + "/sessions";
    public static final String SERIALIZERS_PATH = BASE_PATH + "/serializers";
    public static final String ONE_NIO_DESCRIPTORS_PATH = SERIALIZERS_PATH + "/one-nio/descriptors";
    /**
     * The sessions of one index value: {@code GET} with the query parameters {@link #INDEX_VALUE_PARAMETER},
     * {@link #INDEX_AFTER_PARAMETER} and {@link #INDEX_LIMIT_PARAMETER}.
     */
    public static final String INDEX_SESSIONS_PATH = BASE_PATH + "/indexes/{name}/sessions";

    /** The serializer new writes should use; on every response. */
    public static final String SERIALIZER_ACTIVE_HEADER = "Session-Serializer-Active";
    /** When a stored session expires, ISO-8601. */
    public static final String EXPIRES_AT_HEADER = "Session-Expires-At";
    /**
     * A write's digest of its body (RFC 9530), such as {@code sha-256=:<base64>:}; sha-256 and sha-512 are checked,
     * other algorithms ignored.
     */
    public static final String CONTENT_DIGEST_HEADER = "Content-Digest";
    /** A read's digest of the stored body (RFC 9530), {@code sha-256=:<base64>:}, as the server stored it. */
    public static final String REPR_DIGEST_HEADER = "Repr-Digest";
    /** The path of one One Nio descriptor: {@link #ONE_NIO_DESCRIPTORS_PATH} then the uid as 16 hex digits. */
    public static final String ONE_NIO_DESCRIPTOR_PATH = ONE_NIO_DESCRIPTORS_PATH + "/{uid}";
    /**
     * The touch of many sessions in one request ({@code POST}, a JSON body {@code {"ids": [...]}}): each session
     * found has its expiry moved as {@link #TOUCH_PATH} moves it. Beside {@link #SESSIONS_PATH}, not below it,
     * where it would take the path of the session whose id is {@code touches}.
     */
    public static final String TOUCHES_PATH = BASE_PATH + "/touches";
    /** The path, below one session's path, that extends its time to live. */
    public static final String TOUCH_PATH = "/touch";

    /**
     * A write's index values, which replace the session's: {@code name=value} pairs separated by commas, each value
     * percent-encoded as UTF-8 ({@code application/x-www-form-urlencoded}'s encoding), such as
     * {@code principal=ada%40example.com}. A write without it leaves the session in no index.
     */
    public static final String INDEX_HEADER = "Session-Index";
    /** The index of the user a session belongs to, as Spring Session's {@code PRINCIPAL_NAME_INDEX_NAME}. */
    public static final String PRINCIPAL_INDEX = "principal";
    /** The index value whose sessions a lookup lists. */
    public static final String INDEX_VALUE_PARAMETER = "value";
    /** A lookup's cursor: the {@code next} of the previous page. */
    public static final String INDEX_AFTER_PARAMETER = "after";
    /** The most sessions one page of a lookup lists. */
    public static final String INDEX_LIMIT_PARAMETER = "limit";
    /**
     * The path, below one session's path, that changes its id ({@code POST}): the session moves to the id in
     * {@link #NEW_ID_HEADER} with a new version, in one conditional step.
     */
    public static final String ID_PATH = "/id";
    /** The id an id change ({@link #ID_PATH}) moves the session to. */
    public static final String NEW_ID_HEADER = "Session-New-Id";

    /** The query parameter that sets a session's time to live, in seconds. */
    public static final String TTL_PARAMETER = "ttl";
    /**
     * The {@link #TTL_PARAMETER} value that asks for the longest time to live the service allows (its
     * {@code sessiondata.session.max-ttl}), sliding as any other: the nearest a bounded store comes to a session that
     * never expires.
     */
    public static final String TTL_LONGEST = "max";

    /** The media type of every error body. */
    public static final String PROBLEM_MEDIA_TYPE = "application/problem+json";
    /** A session body's media type is this prefix followed by the id of the serializer that wrote it. */
    public static final String SESSION_MEDIA_TYPE_PREFIX = "application/vnd.sessiondata.";
    /** One-nio class descriptors, as one-nio serializes them. */
    public static final String DESCRIPTORS_MEDIA_TYPE = "application/vnd.sessiondata.one-nio-descriptors";

    /**
     * Session ids the API accepts: 1 to 128 unreserved characters, other than the dot segments {@code .} and
     * {@code ..}, which normalising clients and proxies rewrite, so a request for them never arrives as sent.
     */
    public static final Pattern SESSION_ID = Pattern.compile("(?!\\.\\.?$)[A-Za-z0-9._~-]{1,128}");

    private SessionApi() {
    }

    /**
     * The path of the schema (class descriptor) registry of a serializer that exchanges schemas;
     * {@link #ONE_NIO_DESCRIPTORS_PATH} for One Nio's compact mode.
     */
    public static String descriptorsPath(String serializerId) {
        return SERIALIZERS_PATH + "/" + serializerId + "/descriptors";
    }

    /** The media type of a batch of a serializer's class descriptors; {@link #DESCRIPTORS_MEDIA_TYPE} for One Nio. */
    public static String descriptorsMediaType(String serializerId) {
        return SESSION_MEDIA_TYPE_PREFIX + serializerId + "-descriptors";
    }

    /** The media type of a session written by this serializer. */
    public static String mediaTypeOf(String serializerId) {
        return SESSION_MEDIA_TYPE_PREFIX + serializerId;
    }

    /** The serializer id a session media type names, ignoring parameters; empty if it is not a session media type. */
    public static Optional<String> serializerIdOf(String mediaType) {
        String type = mediaType.strip();
        int parameters = type.indexOf(';');
        if (parameters >= 0) {
            type = type.substring(0, parameters).strip();
        }
        if (type.length() <= SESSION_MEDIA_TYPE_PREFIX.length()
                || !type.regionMatches(true, 0, SESSION_MEDIA_TYPE_PREFIX, 0, SESSION_MEDIA_TYPE_PREFIX.length())) {
            return Optional.empty();
        }
        return Optional.of(type.substring(SESSION_MEDIA_TYPE_PREFIX.length()));
    }
}
