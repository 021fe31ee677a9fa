package dev.sessiondata.server.web;

import dev.sessiondata.api.SessionApi;
import io.netty.util.AsciiString;

/**
 * The API's own header names as Netty {@link AsciiString}s, for the Reactor Netty routes: Netty's headers hash
 * and compare a name on every lookup and every set, which for a {@link String} means hashing it case-insensitively
 * char by char each time; an {@code AsciiString} keeps its hash and its bytes.
 */
final class NettyHeaders {

    static final AsciiString SERIALIZER_ACTIVE = AsciiString.cached(SessionApi.SERIALIZER_ACTIVE_HEADER);
    static final AsciiString EXPIRES_AT = AsciiString.cached(SessionApi.EXPIRES_AT_HEADER);
    static final AsciiString REPR_DIGEST = AsciiString.cached(SessionApi.REPR_DIGEST_HEADER);
    static final AsciiString CONTENT_DIGEST = AsciiString.cached(SessionApi.CONTENT_DIGEST_HEADER);
    static final AsciiString SESSION_INDEX = AsciiString.cached(SessionApi.INDEX_HEADER);
    /** Spelled as WebFlux spells them ({@link org.springframework.http.HttpHeaders}), so both answers are the same bytes. */
    static final AsciiString ETAG = AsciiString.cached(org.springframework.http.HttpHeaders.ETAG);
    static final AsciiString LOCATION = AsciiString.cached(org.springframework.http.HttpHeaders.LOCATION);

    private NettyHeaders() {
    }
}
