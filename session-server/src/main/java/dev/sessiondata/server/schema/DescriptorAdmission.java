package dev.sessiondata.server.schema;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.api.ProblemType;
import dev.sessiondata.server.store.DescriptorWriteResult;
import dev.sessiondata.server.http.ApiProblemException;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What a descriptor upload must pass before and after the store sees it: the serializer must exchange schemas in a
 * format the server can check, the batch must stay within the count and size bounds, and every record must be a
 * descriptor whose uid is the digest of its bytes, so that nobody can squat a uid with other bytes. Each refusal is
 * an {@link ApiProblemException}; nothing of a refused batch is stored.
 */
final class DescriptorAdmission {

    /** The formats the server verifies; a serializer without one exchanges no schemas through the server. */
    private static final Map<String, Consumer<ClassDescriptor>> FORMATS =
            Map.of(KnownSerializers.ONE_NIO, OneNioDescriptorFormat::verify,
                    KnownSerializers.FORY_SHARED, ForyTypeDefSetFormat::verify);

    private final SchemaProperties properties;

    DescriptorAdmission(SchemaProperties properties) {
        this.properties = properties;
    }

    /** A {@code 404} problem unless the serializer exchanges descriptors in a format the server checks. */
    void requireExchanging(String serializerId) {
        formatOf(serializerId);
    }

    private static Consumer<ClassDescriptor> formatOf(String serializerId) {
        Consumer<ClassDescriptor> format = FORMATS.get(serializerId);
        if (format == null) {
            throw new ApiProblemException(ProblemType.NOT_FOUND, "Serializer '" + serializerId + "' exchanges no "
                    + "descriptors; those that do: " + FORMATS.keySet() + ".");
        }
        return format;
    }

    /** Checks a decoded batch before it is stored. */
    void check(String serializerId, List<ClassDescriptor> batch) {
        Consumer<ClassDescriptor> format = formatOf(serializerId);
        if (batch.size() > properties.maxBatchCount()) {
            throw new ApiProblemException(ProblemType.PAYLOAD_TOO_LARGE, "A batch holds at most "
                    + properties.maxBatchCount() + " descriptors; this one has " + batch.size() + ".",
                    Map.of("maxDescriptors", properties.maxBatchCount()));
        }
        long maxDescriptorBytes = properties.maxDescriptorSize().toBytes();
        for (ClassDescriptor descriptor : batch) {
            if (descriptor.bytes().length > maxDescriptorBytes) {
                throw new ApiProblemException(ProblemType.PAYLOAD_TOO_LARGE, "Descriptor " + descriptor.uidHex()
                        + " has more than " + maxDescriptorBytes + " bytes.", Map.of("maxBytes", maxDescriptorBytes));
            }
            try {
                format.accept(descriptor);
            } catch (InvalidDescriptorException e) {
                throw new ApiProblemException(ProblemType.INVALID_DESCRIPTOR, "Record " + descriptor.uidHex()
                        + " is not a descriptor of that uid: " + e.getMessage() + "; nothing of this batch was stored.",
                        Map.of("uid", descriptor.uidHex()));
            }
        }
    }

    /** The bound the store checks the serializer's total against. */
    long maxTotalBytes() {
        return properties.maxTotalSize().toBytes();
    }

    /** Turns a refused write into its problem. */
    void checkStored(DescriptorWriteResult result) {
        if (result.full()) {
            throw new ApiProblemException(ProblemType.SCHEMA_QUOTA_EXCEEDED, "The server keeps at most "
                    + maxTotalBytes() + " bytes of descriptors per serializer; nothing of this batch was stored.",
                    Map.of("maxBytes", maxTotalBytes()));
        }
        if (result.isRefused()) {
            List<String> uids = result.conflicts().stream().map(ClassDescriptor::uidToHex).toList();
            throw new ApiProblemException(ProblemType.DESCRIPTOR_CONFLICT,
                    "The server holds other bytes for uids " + uids + "; nothing of this batch was stored.",
                    Map.of("uids", uids));
        }
    }
}
