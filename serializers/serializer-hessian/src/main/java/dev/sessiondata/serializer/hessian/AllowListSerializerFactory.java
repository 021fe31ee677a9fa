package dev.sessiondata.serializer.hessian;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import com.alibaba.com.caucho.hessian.io.Deserializer;
import com.alibaba.com.caucho.hessian.io.HessianProtocolException;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import dev.sessiondata.serializer.ClassAllowList;
import dev.sessiondata.serializer.SerializerSettings;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * hessian-lite's serializer factory with three changes: every class name a payload carries is checked against the
 * allow-list before hessian-lite loads it, every deserializer checks the lengths and nesting a payload claims
 * ({@link BoundedDeserializer}), and java.time values are written compactly by {@link JavaTimeSerializers}.
 *
 * <p>hessian-lite's own {@code ClassFactory} allow list is not used: a refused class silently becomes a
 * {@code HashMap}, and its cache of accepted names is static, shared by every factory in the JVM. Checking here, in
 * the one method through which a type name from the payload becomes a deserializer, refuses instead. A class name
 * that is allowed but not found is refused too, rather than read as a {@code HashMap}; and it never reaches
 * hessian-lite, whose caches of unknown names grow with every distinct name a payload invents.
 */
final class AllowListSerializerFactory extends SerializerFactory {

    /** Hessian's own names for built-in types, which are not class names and need no check. */
    private static final Set<String> HESSIAN_TYPE_NAMES = Set.of("void", "boolean", "byte", "short", "int", "long",
            "float", "double", "char", "string", "object", "date");

    private final ClassAllowList allowList;
    private final Set<String> foundClasses = ConcurrentHashMap.newKeySet();
    private final Map<Deserializer, Deserializer> bounded = new ConcurrentHashMap<>();

    AllowListSerializerFactory(SerializerSettings settings) {
        super(settings.classLoader());
        this.allowList = settings.allowList();
        addFactory(new JavaTimeSerializers());
    }

    /**
     * Resolves a type name read from the payload. Array names ({@code [com.acme.X}) are left to hessian-lite, which
     * resolves their element type through this method again.
     */
    @Override
    public @Nullable Deserializer getDeserializer(@Nullable String type) throws HessianProtocolException {
        if (type != null && !type.isEmpty() && type.charAt(0) != '[' && !HESSIAN_TYPE_NAMES.contains(type)) {
            if (!allowList.isAllowed(type)) {
                throw allowList.refusal(type);
            }
            if (!foundClasses.contains(type)) {
                try {
                    Class.forName(type, false, getClassLoader());
                } catch (ClassNotFoundException | LinkageError e) {
                    throw new HessianProtocolException("class " + type + " named in the payload is not found");
                }
                foundClasses.add(type);
            }
        }
        Deserializer deserializer = super.getDeserializer(type);
        return deserializer == null ? null : bounded(deserializer);
    }

    @Override
    @SuppressWarnings("rawtypes") // hessian-lite's signature
    public Deserializer getDeserializer(Class cl) throws HessianProtocolException {
        return bounded(super.getDeserializer(cl));
    }

    // The next four are where hessian-lite falls back to its own HashMap and ArrayList deserializers for untyped
    // maps and lists, past the two methods above: they too must be bounded.

    @Override
    public Deserializer getListDeserializer(@Nullable String type) throws HessianProtocolException {
        return bounded(super.getListDeserializer(type));
    }

    @Override
    public Deserializer getObjectDeserializer(@Nullable String type) throws HessianProtocolException {
        return bounded(super.getObjectDeserializer(type));
    }

    @Override
    public Object readList(AbstractHessianInput in, int length, @Nullable String type) throws IOException {
        return getListDeserializer(type).readList(in, length);
    }

    @Override
    public Object readMap(AbstractHessianInput in, @Nullable String type) throws IOException {
        return getObjectDeserializer(type).readMap(in);
    }

    private Deserializer bounded(Deserializer deserializer) {
        if (deserializer instanceof BoundedDeserializer) {
            return deserializer;
        }
        return bounded.computeIfAbsent(deserializer, BoundedDeserializer::new);
    }
}
