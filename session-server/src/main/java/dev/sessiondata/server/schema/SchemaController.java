package dev.sessiondata.server.schema;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.api.DescriptorBatch;
import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.store.DescriptorWriteResult;
import dev.sessiondata.server.store.SchemaStore;
import dev.sessiondata.server.web.ApiProblemException;
import dev.sessiondata.server.web.RequestBodies;
import dev.sessiondata.server.web.SerializerPolicy;
import dev.sessiondata.server.web.WriteAdmission;
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
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The descriptor registry of serializers whose readers need the writer's class metadata, under
 * {@code /api/v1/serializers/{serializerId}/descriptors}: One Nio's path ({@link SessionApi#ONE_NIO_DESCRIPTORS_PATH})
 * is one instance of it. Bodies are {@link DescriptorBatch}es both ways; a single descriptor is a batch of one. The
 * server checks each record's structure and that its uid is the digest of its bytes ({@link DescriptorAdmission}), and
 * bounds the registry and each answer ({@link DescriptorPages}); it never loads a class a descriptor names.
 */
@RestController
@Tag(name = "descriptors")
public class SchemaController {

    static final String DESCRIPTORS_PATH = SessionApi.SERIALIZERS_PATH + "/{serializerId}/descriptors";
    static final String DESCRIPTOR_PATH = DESCRIPTORS_PATH + "/{uid}";

    private static final MediaType DESCRIPTORS = MediaType.parseMediaType(SessionApi.DESCRIPTORS_MEDIA_TYPE);

    private final SchemaStore store;
    private final SerializerPolicy serializers;
    private final SchemaProperties properties;
    private final WriteAdmission admission;
    private final DescriptorAdmission descriptors;
    private final DescriptorPages pages;

    public SchemaController(SchemaStore store, SerializerPolicy serializers, SchemaProperties properties,
            WriteAdmission admission) {
        this.store = store;
        this.serializers = serializers;
        this.properties = properties;
        this.admission = admission;
        this.descriptors = new DescriptorAdmission(properties);
        this.pages = new DescriptorPages(store, properties);
    }

    /** Stores the new descriptors of the batch; {@code 409} and nothing stored if a uid is held with other bytes. */
    @Operation(operationId = "putDescriptors", summary = "Upload class descriptors of a serializer (One Nio's)", description = "A batch: int count, then per descriptor "
            + "long uid, int length, bytes (big-endian). New uids are stored, known ones with the same bytes ignored.")
    @RequestBody(required = true, content = @Content(mediaType = SessionApi.DESCRIPTORS_MEDIA_TYPE,
            schema = @Schema(type = "string", format = "binary")))
    @ApiResponse(responseCode = "204", description = "Stored")
    @ApiResponse(responseCode = "400", description = "A record is not a descriptor, or its uid is not the digest of "
            + "its bytes; nothing was stored", content = @Content(mediaType = SessionApi.PROBLEM_MEDIA_TYPE))
    @ApiResponse(responseCode = "409", description = "A uid is held with other bytes; nothing was stored",
            content = @Content(mediaType = SessionApi.PROBLEM_MEDIA_TYPE))
    @ApiResponse(responseCode = "413", description = "Too many descriptors, or too many bytes, in one batch",
            content = @Content(mediaType = SessionApi.PROBLEM_MEDIA_TYPE))
    @ApiResponse(responseCode = "429", description = "The serializer's descriptors reached the total bound; nothing "
            + "was stored", content = @Content(mediaType = SessionApi.PROBLEM_MEDIA_TYPE))
    @PutMapping(DESCRIPTORS_PATH)
    public ResponseEntity<Void> upload(@PathVariable @Parameter(description = "a serializer id, e.g. one-nio") String serializerId,
            @RequestHeader(name = HttpHeaders.CONTENT_TYPE, required = false) @Nullable String contentType,
            HttpServletRequest request) throws IOException {
        String serializer = known(serializerId);
        if (!isDescriptorBatch(contentType)) {
            throw new ApiProblemException(ProblemType.UNSUPPORTED_MEDIA_TYPE,
                    "Send the descriptors as " + SessionApi.DESCRIPTORS_MEDIA_TYPE + ".");
        }
        long maxSize = properties.maxBatchSize().toBytes();
        DescriptorWriteResult result;
        try (var admitted = admission.admit(request.getContentLengthLong(), maxSize)) {
            List<ClassDescriptor> batch = decode(RequestBodies.read(request, maxSize));
            descriptors.check(serializer, batch);
            result = store.putDescriptors(serializer, batch, descriptors.maxTotalBytes());
        }
        descriptors.checkStored(result);
        return ResponseEntity.noContent().build();
    }

    @Operation(operationId = "getDescriptors", summary = "One page of a serializer's class descriptors in uid order, "
            + "as a batch", description = "Ask again with after = the last uid until a page is empty.")
    @ApiResponse(responseCode = "200", description = "A page of descriptors", content = @Content(
            mediaType = SessionApi.DESCRIPTORS_MEDIA_TYPE, schema = @Schema(type = "string", format = "binary")))
    @GetMapping(DESCRIPTORS_PATH)
    public ResponseEntity<byte[]> all(@PathVariable @Parameter(description = "a serializer id, e.g. one-nio") String serializerId,
            @RequestParam(required = false) @Parameter(description = "the last uid of the previous page") @Nullable String after,
            @RequestParam(required = false) @Parameter(description = "the most descriptors (default and maximum: "
                    + "sessiondata.descriptors.page-size)") @Nullable String limit) {
        return batch(pages.page(known(serializerId), after, limit));
    }

    @Operation(operationId = "getDescriptor", summary = "One class descriptor of a serializer, as a batch of one", description = "For a reader's lazy miss.")
    @ApiResponse(responseCode = "200", description = "The descriptor", content = @Content(
            mediaType = SessionApi.DESCRIPTORS_MEDIA_TYPE, schema = @Schema(type = "string", format = "binary")))
    @ApiResponse(responseCode = "404", description = "Unknown uid", content = @Content(mediaType = SessionApi.PROBLEM_MEDIA_TYPE))
    @GetMapping(DESCRIPTOR_PATH)
    public ResponseEntity<byte[]> one(@PathVariable @Parameter(description = "a serializer id, e.g. one-nio") String serializerId,
            @PathVariable @Parameter(description = "16 hex digits") String uid) {
        String serializer = known(serializerId);
        long value;
        try {
            value = ClassDescriptor.uidFromHex(uid);
        } catch (IllegalArgumentException e) {
            throw new ApiProblemException(ProblemType.INVALID_REQUEST, "A uid is 16 hex digits; got '" + uid + "'.");
        }
        ClassDescriptor descriptor = store.descriptor(serializer, value).orElseThrow(() ->
                new ApiProblemException(ProblemType.NOT_FOUND, "No descriptor of uid " + uid + "."));
        return batch(List.of(descriptor));
    }

    /** The serializer id of the path; a {@code 404} problem unless the server knows it. */
    private String known(String serializerId) {
        if (!serializers.info().available().contains(serializerId)) {
            throw new ApiProblemException(ProblemType.NOT_FOUND, "No serializer '" + serializerId + "'; known: "
                    + serializers.info().available() + ".");
        }
        return serializerId;
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
