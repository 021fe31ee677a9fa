package dev.sessiondata.client.internal.schema;

import dev.sessiondata.api.ClassDescriptor;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** The service's registry in memory, counting the calls made to it. */
class FakeRemote implements SchemaRemote {

    final Map<Long, ClassDescriptor> registry = new ConcurrentHashMap<>();
    final List<List<ClassDescriptor>> uploads = new CopyOnWriteArrayList<>();
    final AtomicInteger downloads = new AtomicInteger();
    boolean readOnly;

    FakeRemote holding(ClassDescriptor... descriptors) {
        for (ClassDescriptor descriptor : descriptors) {
            registry.put(descriptor.uid(), descriptor);
        }
        return this;
    }

    @Override
    public boolean upload(List<ClassDescriptor> descriptors) {
        if (readOnly) {
            return false;
        }
        uploads.add(descriptors);
        descriptors.forEach(descriptor -> registry.putIfAbsent(descriptor.uid(), descriptor));
        return true;
    }

    @Override
    public Optional<ClassDescriptor> download(long uid) {
        downloads.incrementAndGet();
        return Optional.ofNullable(registry.get(uid));
    }
}
