package dev.sessiondata.client.onenio;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.serializer.SerializationException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A descriptor repository without One Nio: a class's descriptor is its name, its uid the name's hash; descriptors
 * whose bytes start with {@code refused.} are outside the allow-list, with {@code absent.} not on the class path.
 */
final class FakeRepository implements DescriptorRepository {

    final Map<Long, ClassDescriptor> installed = new ConcurrentHashMap<>();

    static ClassDescriptor descriptorOf(String className) {
        return new ClassDescriptor(className.hashCode(), className.getBytes(StandardCharsets.UTF_8));
    }

    static SerializationException missing(long uid) {
        return new Missing(uid);
    }

    boolean knows(long uid) {
        return installed.containsKey(uid);
    }

    @Override
    public List<ClassDescriptor> export(Collection<Class<?>> classes) {
        return classes.stream().map(type -> descriptorOf(type.getName())).toList();
    }

    @Override
    public Installation install(ClassDescriptor descriptor) {
        String name = new String(descriptor.bytes(), StandardCharsets.UTF_8);
        if (name.startsWith("malformed")) {
            throw new SerializationException("one-nio", "not a descriptor");
        }
        if (name.startsWith("refused.")) {
            return Installation.NOT_ALLOWED;
        }
        if (name.startsWith("absent.")) {
            return Installation.CLASS_NOT_FOUND;
        }
        return installed.putIfAbsent(descriptor.uid(), descriptor) == null
                ? Installation.INSTALLED : Installation.ALREADY_KNOWN;
    }

    @Override
    public OptionalLong missingUid(Throwable failure) {
        return failure instanceof Missing missing ? OptionalLong.of(missing.uid) : OptionalLong.empty();
    }

    /** Set of the uids installed, for assertions. */
    Set<Long> uids() {
        return Set.copyOf(installed.keySet());
    }

    private static final class Missing extends SerializationException {

        private static final long serialVersionUID = 1L;

        private final long uid;

        Missing(long uid) {
            super("one-nio", "no class descriptor for uid " + ClassDescriptor.uidToHex(uid));
            this.uid = uid;
        }
    }
}
