package dev.sessiondata.server.web;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.metrics.ServerMetrics;
import dev.sessiondata.server.store.DeleteResult;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.store.StoredSession;
import dev.sessiondata.server.store.WriteResult;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/sessions/{id}}: sessions as opaque bytes tagged with the serializer that wrote them, read and
 * written with entity tags. The order of the checks is the order of the costs: the URL, then the headers, then
 * the (bounded) body, then the store.
 */
@RestController
@Tag(name = "sessions")
@RequestMapping(SessionApi.SESSIONS_PATH + "/{id}")
public class SessionController {

    private final SessionStore store;
    private final SerializerPolicy serializers;
    private final SessionProperties properties;
    private final ServerMetrics metrics;
    private final WriteAdmission admission;
    private final Map<String, MediaType> mediaTypes = new ConcurrentHashMap<>();

    public SessionController(SessionStore store, SerializerPolicy serializers, SessionProperties properties,
            ServerMetrics metrics, WriteAdmission admission) {
        this.store = store;
        this.serializers = serializers;
        this.properties = properties;
        this.metrics = metrics;
        this.admission = admission;
    }

    @Operation(operationId = "putSession", summary = "Write a session", description = "The body is the serialized "
            + "context; its Content-Type names the serializer that wrote it. If-Match makes the write a compare-and-set, "
            + "If-None-Match: * makes it create-only.")
    @RequestBody(required = true, content = @Content(mediaType = "application/vnd.sessiondata.one-nio",
            schema = @Schema(type = "string", format = "binary",
                    description = "any application/vnd.sessiondata.<serializer-id> of an accepted serializer")))
    @ApiResponse(responseCode = "201", description = "Created", headers = {
            @Header(name = "ETag", description = "the new version"),
            @Header(name = SessionApi.EXPIRES_AT_HEADER, description = "ISO-8601 expiry")})
    @ApiResponse(responseCode = "200", description = "Replaced", headers = {
            @Header(name = "ETag", description = "the new version"),
            @Header(name = SessionApi.EXPIRES_AT_HEADER, description = "ISO-8601 expiry")})
    @ApiResponse(responseCode = "400", description = "Invalid id, ttl or condition", content = @Content(mediaType = SessionApi.PROBLEM_MEDIA_TYPE))
    @ApiResponse(responseCode = "412", description = "Version mismatch, or the session exists under If-None-Match: *", content = @Content(mediaType = SessionApi.PROBLEM_MEDIA_TYPE))
    @ApiResponse(responseCode = "413", description = "Body over sessiondata.session.max-size", content = @Content(mediaType = SessionApi.PROBLEM_MEDIA_TYPE))
    @ApiResponse(responseCode = "415", description = "Serializer unknown or not accepted; the problem lists the accepted ones", content = @Content(mediaType = SessionApi.PROBLEM_MEDIA_TYPE))
    @ApiResponse(responseCode = "503", description = "The store is unreachable, or the server is at its bound of writes or body bytes in flight; nothing was written. Retry-After says when to retry", content = @Content(mediaType = SessionApi.PROBLEM_MEDIA_TYPE))
    @PutMapping
    public ResponseEntity<Void> put(@PathVariable @Parameter(description = "[A-Za-z0-9._~-]{1,128}, not . or ..") String id,
            @Parameter(description = "time to live in seconds, 1 to sessiondata.session.max-ttl; default sessiondata.session.default-ttl")
            @RequestParam(name = SessionApi.TTL_PARAMETER, required = false) @Nullable String ttl,
            @RequestHeader(name = HttpHeaders.CONTENT_TYPE, required = false) @Nullable String contentType,
            @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch,
            @RequestHeader(name = HttpHeaders.IF_NONE_MATCH, required = false) @Nullable String ifNoneMatch,
            HttpServletRequest request) throws IOException {
        SessionRequests.checkId(id);
        Duration timeToLive = SessionRequests.ttl(ttl, properties.defaultTtl(), properties.maxTtl());
        String serializer = serializers.requireAccepted(contentType);
        var precondition = EntityTags.writePrecondition(ifMatch, ifNoneMatch);
        long maxSize = properties.maxSize().toBytes();
        WriteResult result;
        try (var admitted = admission.admit(request.getContentLengthLong(), maxSize)) {
            byte[] body = RequestBodies.read(request, maxSize);
            metrics.payload(serializer, body.length);
            result = await(store.put(id, new SessionWrite(body, serializer, timeToLive), precondition));
        }
        if (result.outcome() == WriteResult.Outcome.PRECONDITION_FAILED) {
            throw preconditionFailed(id);
        }
        boolean created = result.outcome() == WriteResult.Outcome.CREATED;
        ResponseEntity.BodyBuilder response = created
                ? ResponseEntity.created(URI.create(SessionApi.SESSIONS_PATH + "/" + id))
                : ResponseEntity.ok();
        return response.eTag(EntityTags.of(result.version()))
                .header(SessionApi.EXPIRES_AT_HEADER, String.valueOf(result.expiresAt()))
                .build();
    }

    /**
     * Also answers {@code HEAD}, with the same headers and no body. A {@code HEAD} only looks: it does not slide
     * the expiry, so checking that a session exists never keeps it alive.
     */
    @Operation(operationId = "getSession", summary = "Read a session", description = "The bytes with the Content-Type they were written with. "
            + "With sliding expiration a GET (not a HEAD) moves the expiry.")
    @ApiResponse(responseCode = "200", description = "The session", headers = {
            @Header(name = "ETag", description = "the version"),
            @Header(name = SessionApi.EXPIRES_AT_HEADER, description = "ISO-8601 expiry")},
            content = @Content(mediaType = "application/vnd.sessiondata.one-nio", schema = @Schema(type = "string", format = "binary")))
    @ApiResponse(responseCode = "304", description = "If-None-Match names the current version")
    @ApiResponse(responseCode = "404", description = "Absent or expired", content = @Content(mediaType = SessionApi.PROBLEM_MEDIA_TYPE))
    @GetMapping
    public ResponseEntity<byte[]> get(@PathVariable String id,
            @RequestHeader(name = HttpHeaders.IF_NONE_MATCH, required = false) @Nullable String ifNoneMatch,
            HttpMethod method) {
        SessionRequests.checkId(id);
        boolean slide = properties.slidingExpiration() && method != HttpMethod.HEAD;
        StoredSession session = await(store.get(id, slide)).orElseThrow(() -> notFound(id));
        if (EntityTags.noneMatchFails(ifNoneMatch, session.version())) {
            return ResponseEntity.status(HttpStatus.NOT_MODIFIED)
                    .eTag(EntityTags.of(session.version()))
                    .header(SessionApi.EXPIRES_AT_HEADER, session.expiresAt().toString())
                    .build();
        }
        return ResponseEntity.ok()
                .contentType(mediaTypes.computeIfAbsent(session.serializerId(),
                        serializerId -> MediaType.parseMediaType(SessionApi.mediaTypeOf(serializerId))))
                .eTag(EntityTags.of(session.version()))
                .header(SessionApi.EXPIRES_AT_HEADER, session.expiresAt().toString())
                .body(session.data());
    }

    @Operation(operationId = "deleteSession", summary = "Delete a session", description = "If-Match makes the delete conditional.")
    @ApiResponse(responseCode = "204", description = "Deleted")
    @ApiResponse(responseCode = "404", description = "Absent or expired", content = @Content(mediaType = SessionApi.PROBLEM_MEDIA_TYPE))
    @ApiResponse(responseCode = "412", description = "Version mismatch", content = @Content(mediaType = SessionApi.PROBLEM_MEDIA_TYPE))
    @DeleteMapping
    public ResponseEntity<Void> delete(@PathVariable String id,
            @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
        SessionRequests.checkId(id);
        DeleteResult result = await(store.delete(id, EntityTags.ifMatch(ifMatch)));
        return switch (result) {
            case DELETED -> ResponseEntity.noContent().build();
            case NOT_FOUND -> throw notFound(id);
            case PRECONDITION_FAILED -> throw preconditionFailed(id);
        };
    }

    @Operation(operationId = "touchSession", summary = "Extend a session's time to live", description = "Moves the expiry to now plus the session's ttl.")
    @ApiResponse(responseCode = "204", description = "Extended", headers = @Header(name = SessionApi.EXPIRES_AT_HEADER, description = "ISO-8601 expiry"))
    @ApiResponse(responseCode = "404", description = "Absent or expired", content = @Content(mediaType = SessionApi.PROBLEM_MEDIA_TYPE))
    @PostMapping(SessionApi.TOUCH_PATH)
    public ResponseEntity<Void> touch(@PathVariable String id) {
        SessionRequests.checkId(id);
        Instant expiresAt = await(store.touch(id)).orElseThrow(() -> notFound(id));
        return ResponseEntity.noContent().header(SessionApi.EXPIRES_AT_HEADER, expiresAt.toString()).build();
    }

    /** The store's answer; its failure as thrown, for the exception handlers. */
    private static <T> T await(CompletionStage<T> stage) {
        try {
            return stage.toCompletableFuture().join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    private static ApiProblemException notFound(String id) {
        return new ApiProblemException(ProblemType.NOT_FOUND, "No session '" + id + "' (never written, deleted or expired).");
    }

    private static ApiProblemException preconditionFailed(String id) {
        return new ApiProblemException(ProblemType.PRECONDITION_FAILED,
                "Session '" + id + "' is not in the state the request's condition requires; read it again.");
    }
}
