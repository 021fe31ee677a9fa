package dev.sessiondata.server.store.memory;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.server.store.DescriptorWriteResult;
import dev.sessiondata.server.store.SchemaStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Keeps descriptors in memory, one map of uid to descriptor per serializer id, sorted by unsigned uid for paging,
 * with the total of their bytes; lost when the process stops.
 */
public final class MemorySchemaStore implements SchemaStore {

    private final Map<String, NavigableMap<Long, ClassDescriptor>> bySerializer = new ConcurrentHashMap<>();
    /** Guarded by {@code this}. */
    private final Map<String, Long> bytesBySerializer = new HashMap<>();

    @Override
    public synchronized DescriptorWriteResult putDescriptors(String serializerId, List<ClassDescriptor> batch,
            long maxTotalBytes) {
        // synchronized: the check of the whole batch and its insertion are one step against other uploads
        NavigableMap<Long, ClassDescriptor> descriptors = bySerializer.computeIfAbsent(serializerId,
                id -> new ConcurrentSkipListMap<>(Long::compareUnsigned));
        List<Long> conflicts = new ArrayList<>();
        Map<Long, ClassDescriptor> fresh = new HashMap<>();
        long freshBytes = 0;
        for (ClassDescriptor descriptor : batch) {
            ClassDescriptor known = descriptors.get(descriptor.uid());
            if (known != null && !known.sameAs(descriptor)) {
                conflicts.add(descriptor.uid());
            } else if (known == null && fresh.putIfAbsent(descriptor.uid(), descriptor) == null) {
                freshBytes += descriptor.bytes().length;
            }
        }
        if (!conflicts.isEmpty()) {
            return DescriptorWriteResult.refused(conflicts);
        }
        long total = bytesBySerializer.getOrDefault(serializerId, 0L);
        if (freshBytes > maxTotalBytes - total) {
            return DescriptorWriteResult.overBound();
        }
        descriptors.putAll(fresh);
        bytesBySerializer.put(serializerId, total + freshBytes);
        return DescriptorWriteResult.stored(fresh.size());
    }

    @Override
    public Optional<ClassDescriptor> descriptor(String serializerId, long uid) {
        NavigableMap<Long, ClassDescriptor> descriptors = bySerializer.get(serializerId);
        return Optional.ofNullable(descriptors == null ? null : descriptors.get(uid));
    }

    @Override
    public List<ClassDescriptor> descriptors(String serializerId, OptionalLong after, int limit) {
        NavigableMap<Long, ClassDescriptor> descriptors = bySerializer.get(serializerId);
        if (descriptors == null) {
            return List.of();
        }
        NavigableMap<Long, ClassDescriptor> rest = after.isPresent()
                ? descriptors.tailMap(after.getAsLong(), false) : descriptors;
        return rest.values().stream().limit(limit).toList();
    }
}
