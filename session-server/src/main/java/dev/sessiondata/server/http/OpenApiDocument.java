package dev.sessiondata.server.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import reactor.core.publisher.Mono;

/**
 * {@code GET /v3/api-docs}: the API's OpenAPI document, written by hand and committed as docs/openapi.json, which
 * the build puts beside this class. Served as it is: nothing is generated at run time, so what a client reads is
 * exactly the reviewed file.
 */
public final class OpenApiDocument {

    public static final String PATH = "/v3/api-docs";
    private static final String RESOURCE = "openapi.json";

    private final byte[] document;

    public OpenApiDocument() {
        try (InputStream in = OpenApiDocument.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing beside " + OpenApiDocument.class.getName()
                        + "; the build copies it from docs/openapi.json");
            }
            this.document = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Mono<Reply> get(ApiRequest request) {
        return Mono.just(Reply.status(200).header(NettyHeaders.CONTENT_TYPE, NettyHeaders.APPLICATION_JSON)
                .body(document));
    }
}
