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
public class DescriptorController {

    private static final MediaType DESCRIPTORS = MediaType.parseMediaType(SessionApi.DESCRIPTORS_MEDIA_TYPE);

    private final SessionStore store;
    private final DescriptorProperties properties;

    public DescriptorController(SessionStore store, DescriptorProperties properties) {
        this.store = store;
        this.properties = properties;
    }

    /** Stores the new descriptors of the batch; {@code 409} and nothing stored if a uid is held with other bytes. */
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

    @GetMapping(SessionApi.ONE_NIO_DESCRIPTORS_PATH)
    public ResponseEntity<byte[]> all() {
        return batch(store.descriptors());
    }

    @GetMapping(SessionApi.ONE_NIO_DESCRIPTOR_PATH)
    public ResponseEntity<byte[]> one(@PathVariable String uid) {
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
