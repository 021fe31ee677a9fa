package dev.sessiondata.server.schema;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.api.ProblemType;
import dev.sessiondata.server.store.SchemaStore;
import dev.sessiondata.server.http.ApiProblemException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.jspecify.annotations.Nullable;

/**
 * The listing of a serializer's descriptors, one page at a time ({@code ?after=<uid>&limit=<n>}), so that no answer
 * grows with the registry: a page holds at most {@link SchemaProperties#pageSize()} descriptors and at most
 * {@link SchemaProperties#maxBatchSize()} bytes (always at least one descriptor). A reader asks for the next page
 * after the last uid it got until a page comes back empty.
 */
final class DescriptorPages {

    private final SchemaStore store;
    private final SchemaProperties properties;

    DescriptorPages(SchemaStore store, SchemaProperties properties) {
        this.store = store;
        this.properties = properties;
    }

    /** The page the parameters ask for; a {@code 400} problem for a malformed {@code after} or {@code limit}. */
    List<ClassDescriptor> page(String serializerId, @Nullable String after, @Nullable String limit) {
        List<ClassDescriptor> page = store.descriptors(serializerId, afterUid(after), limit(limit));
        long maxBytes = properties.maxBatchSize().toBytes();
        List<ClassDescriptor> bounded = new ArrayList<>(page.size());
        long bytes = 0;
        for (ClassDescriptor descriptor : page) {
            bytes += descriptor.bytes().length;
            if (!bounded.isEmpty() && bytes > maxBytes) {
                break;
            }
            bounded.add(descriptor);
        }
        return bounded;
    }

    private static OptionalLong afterUid(@Nullable String after) {
        if (after == null) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(ClassDescriptor.uidFromHex(after));
        } catch (IllegalArgumentException e) {
            throw new ApiProblemException(ProblemType.INVALID_REQUEST, "after is a uid of 16 hex digits; got '"
                    + after + "'.");
        }
    }

    private int limit(@Nullable String limit) {
        if (limit == null) {
            return properties.pageSize();
        }
        if (limit.isEmpty() || limit.length() > 9 || !limit.chars().allMatch(c -> c >= '0' && c <= '9')
                || Integer.parseInt(limit) < 1 || Integer.parseInt(limit) > properties.pageSize()) {
            throw new ApiProblemException(ProblemType.INVALID_REQUEST, "limit is a whole number from 1 to "
                    + properties.pageSize() + "; got '" + limit + "'.");
        }
        return Integer.parseInt(limit);
    }
}
