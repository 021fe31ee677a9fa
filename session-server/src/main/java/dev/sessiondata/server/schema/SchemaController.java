package dev.sessiondata.server.onenio;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.api.DescriptorBatch;
import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.config.DescriptorProperties;
import dev.sessiondata.server.store.DescriptorWriteResult;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.web.ApiProblemException;
import dev.sessiondata.server.web.RequestBodies;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * The One Nio descriptor registry. Bodies are {@link DescriptorBatch}es both ways; a single descriptor is a batch
 * of one. The server checks only the framing: it never loads a class a descriptor names.
 */
@RestController
@Tag(name = "one-nio descriptors")
public class DescriptorController {

    private static final MediaType DESCRIPTORS = MediaType.parseMediaType(SessionApi.DESCRIPTORS_MEDIA_TYPE);

    private final SessionStore store;
    private final DescriptorProperties properties;

    public DescriptorController(SessionStore store, DescriptorProperties properties) {
        this.store = store;
        this.properties = properties;
    }

    /** Stores the new descriptors of the batch; {@code 409} and nothing stored if a uid is held with other bytes. */
    @Operation(operationId = "putDescriptors", summary = "Upload One Nio class descriptors", description = "A batch: int count, then per descriptor "
            + "long uid, int length, bytes (big-endian). New uids are stored, known ones with the same bytes ignored.")
    @RequestBody(required = true, content = @Content(mediaType = SessionApi.DESCRIPTORS_MEDIA_TYPE,
            schema = @Schema(type = "string", format = "binary")))
    @ApiResponse(responseCode = "204", description = "Stored")
    @ApiResponse(responseCode = "409", description = "A uid is held with other bytes; nothing was stored",
            content = @Content(mediaType = SessionApi.PROBLEM_MEDIA_TYPE))
    @PutMapping(SessionApi.ONE_NIO_DESCRIPTORS_PATH)
    public ResponseEntity<Void> upload(
            @RequestHeader(name = HttpHeaders.CONTENT_TYPE, required = false) @Nullable String contentType,
            HttpServletRequest request) throws IOException {
        if (!isDescriptorBatch(contentType)) {
            throw new ApiProblemException(ProblemType.UNSUPPORTED_MEDIA_TYPE,
                    "Send the descriptors as " + SessionApi.DESCRIPTORS_MEDIA_TYPE + ".");
        }
        List<ClassDescriptor> batch = decode(RequestBodies.read(request, properties.maxBatchSize().toBytes()));
        DescriptorWriteResult result = store.putDescriptors(batch);
        if (result.isRefused()) {
            List<String> uids = result.conflicts().stream().map(ClassDescriptor::uidToHex).toList();
            throw new ApiProblemException(ProblemType.DESCRIPTOR_CONFLICT,
                    "The server holds other bytes for uids " + uids + "; nothing of this batch was stored.",
                    Map.of("uids", uids));
        }
        return ResponseEntity.noContent().build();
    }

    @Operation(operationId = "getDescriptors", summary = "Every known One Nio class descriptor, as a batch")
    @ApiResponse(responseCode = "200", description = "All descriptors", content = @Content(
            mediaType = SessionApi.DESCRIPTORS_MEDIA_TYPE, schema = @Schema(type = "string", format = "binary")))
    @GetMapping(SessionApi.ONE_NIO_DESCRIPTORS_PATH)
    public ResponseEntity<byte[]> all() {
        return batch(store.descriptors());
    }

    @Operation(operationId = "getDescriptor", summary = "One One Nio class descriptor, as a batch of one", description = "For a reader's lazy miss.")
    @ApiResponse(responseCode = "200", description = "The descriptor", content = @Content(
            mediaType = SessionApi.DESCRIPTORS_MEDIA_TYPE, schema = @Schema(type = "string", format = "binary")))
    @ApiResponse(responseCode = "404", description = "Unknown uid", content = @Content(mediaType = SessionApi.PROBLEM_MEDIA_TYPE))
    @GetMapping(SessionApi.ONE_NIO_DESCRIPTOR_PATH)
    public ResponseEntity<byte[]> one(@PathVariable @Parameter(description = "16 hex digits") String uid) {
        long value;
        try {
            value = ClassDescriptor.uidFromHex(uid);
        } catch (IllegalArgumentException e) {
            throw new ApiProblemException(ProblemType.INVALID_REQUEST, "A uid is 16 hex digits; got '" + uid + "'.");
        }
        ClassDescriptor descriptor = store.descriptor(value).orElseThrow(() ->
                new ApiProblemException(ProblemType.NOT_FOUND, "No descriptor of uid " + uid + "."));
        return batch(List.of(descriptor));
    }

    private static boolean isDescriptorBatch(@Nullable String contentType) {
        try {
            return contentType != null && DESCRIPTORS.equalsTypeAndSubtype(MediaType.parseMediaType(contentType));
        } catch (InvalidMediaTypeException e) {
            return false;
        }
    }

    private static ResponseEntity<byte[]> batch(List<ClassDescriptor> descriptors) {
        return ResponseEntity.ok().contentType(DESCRIPTORS).body(DescriptorBatch.encode(descriptors));
    }

    private static List<ClassDescriptor> decode(byte[] body) {
        try {
            return DescriptorBatch.decode(body);
        } catch (IllegalArgumentException e) {
            throw new ApiProblemException(ProblemType.INVALID_REQUEST, "Not a descriptor batch: " + e.getMessage());
        }
    }
}
