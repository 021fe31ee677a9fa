package dev.sessiondata.server.store.memory;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.server.store.DescriptorWriteResult;
import dev.sessiondata.server.store.SchemaStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Keeps descriptors in memory, one map of uid to descriptor per serializer id; lost when the process stops. */
public final class MemorySchemaStore implements SchemaStore {

    private final Map<String, Map<Long, ClassDescriptor>> bySerializer = new ConcurrentHashMap<>();

    @Override
    public synchronized DescriptorWriteResult putDescriptors(String serializerId, List<ClassDescriptor> batch) {
        // synchronized: the check of the whole batch and its insertion are one step against other uploads
        Map<Long, ClassDescriptor> descriptors = bySerializer.computeIfAbsent(serializerId, id -> new ConcurrentHashMap<>());
        List<Long> conflicts = new ArrayList<>();
        for (ClassDescriptor descriptor : batch) {
            ClassDescriptor known = descriptors.get(descriptor.uid());
            if (known != null && !known.sameAs(descriptor)) {
                conflicts.add(descriptor.uid());
            }
        }
        if (!conflicts.isEmpty()) {
            return DescriptorWriteResult.refused(conflicts);
        }
        int added = 0;
        for (ClassDescriptor descriptor : batch) {
            if (descriptors.putIfAbsent(descriptor.uid(), descriptor) == null) {
                added++;
            }
        }
        return DescriptorWriteResult.stored(added);
    }

    @Override
    public Optional<ClassDescriptor> descriptor(String serializerId, long uid) {
        return Optional.ofNullable(bySerializer.getOrDefault(serializerId, Map.of()).get(uid));
    }

    @Override
    public List<ClassDescriptor> descriptors(String serializerId) {
        return List.copyOf(bySerializer.getOrDefault(serializerId, Map.of()).values());
    }
}
