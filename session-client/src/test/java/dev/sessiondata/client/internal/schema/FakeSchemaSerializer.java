package dev.sessiondata.client.internal.schema;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.serializer.MissingSchemaException;
import dev.sessiondata.serializer.SchemaExchangingSerializer;
import dev.sessiondata.serializer.SchemaInstallation;
import dev.sessiondata.serializer.SerializationException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A serializer that exchanges schemas, without a format: a class's schema is its name, its uid the name's hash;
 * schemas whose bytes start with {@code refused.} are outside the allow-list, with {@code absent.} not on the class
 * path. The exchange protocol never serializes through it.
 */
final class FakeSchemaSerializer implements SchemaExchangingSerializer {

    static final String ID = "fake-compact";

    final Map<Long, ClassDescriptor> installed = new ConcurrentHashMap<>();
    /** What {@link #published} was told, in order. */
    final List<List<ClassDescriptor>> published = new CopyOnWriteArrayList<>();

    static ClassDescriptor descriptorOf(String className) {
        return new ClassDescriptor(className.hashCode(), className.getBytes(StandardCharsets.UTF_8));
    }

    static SerializationException missing(long uid) {
        return new MissingSchemaException(ID, uid);
    }

    boolean knows(long uid) {
        return installed.containsKey(uid);
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public byte[] serialize(Object value) {
        throw new UnsupportedOperationException("the exchange protocol never writes");
    }

    @Override
    public <T> T deserialize(byte[] data, Class<T> type) {
        throw new UnsupportedOperationException("the exchange protocol never reads by itself");
    }

    @Override
    public List<ClassDescriptor> schemasOf(Collection<Class<?>> classes) {
        return classes.stream().map(type -> descriptorOf(type.getName())).toList();
    }

    @Override
    public void published(List<ClassDescriptor> schemas) {
        published.add(schemas);
    }

    @Override
    public SchemaInstallation install(ClassDescriptor descriptor) {
        String name = new String(descriptor.bytes(), StandardCharsets.UTF_8);
        if (name.startsWith("malformed")) {
            throw new SerializationException(ID, "not a schema");
        }
        if (name.startsWith("refused.")) {
            return SchemaInstallation.NOT_ALLOWED;
        }
        if (name.startsWith("absent.")) {
            return SchemaInstallation.CLASS_NOT_FOUND;
        }
        return installed.putIfAbsent(descriptor.uid(), descriptor) == null
                ? SchemaInstallation.INSTALLED : SchemaInstallation.ALREADY_KNOWN;
    }

    /** Set of the uids installed, for assertions. */
    Set<Long> uids() {
        return Set.copyOf(installed.keySet());
    }
}
