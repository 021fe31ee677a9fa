package dev.sessiondata.server.http;

import dev.sessiondata.api.SessionApi;
import io.netty.util.AsciiString;

/**
 * The header names the pipeline writes, as Netty {@link AsciiString}s: Netty's headers hash and compare a name on
 * every lookup and every set, which for a {@link String} means hashing it case-insensitively char by char each time;
 * an {@code AsciiString} keeps its hash and its bytes. Spelled as {@link org.springframework.http.HttpHeaders} spells
 * them, as the answers have always been written.
 */
public final class NettyHeaders {

    public static final AsciiString SERIALIZER_ACTIVE = AsciiString.cached(SessionApi.SERIALIZER_ACTIVE_HEADER);
    public static final AsciiString EXPIRES_AT = AsciiString.cached(SessionApi.EXPIRES_AT_HEADER);
    public static final AsciiString REPR_DIGEST = AsciiString.cached(SessionApi.REPR_DIGEST_HEADER);
    public static final AsciiString CONTENT_DIGEST = AsciiString.cached(SessionApi.CONTENT_DIGEST_HEADER);
    public static final AsciiString CONTENT_TYPE = AsciiString.cached("Content-Type");
    public static final AsciiString CONTENT_LENGTH = AsciiString.cached("Content-Length");
    public static final AsciiString ETAG = AsciiString.cached("ETag");
    public static final AsciiString LOCATION = AsciiString.cached("Location");
    public static final AsciiString APPLICATION_JSON = AsciiString.cached("application/json");

    private NettyHeaders() {
    }
}
