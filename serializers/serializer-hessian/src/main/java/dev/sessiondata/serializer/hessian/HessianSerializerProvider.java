package dev.sessiondata.serializer.hessian;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.List;
import java.util.Optional;

/**
 * Provides the {@code hessian} serializer when Dubbo's hessian-lite is on the class path. Where this JVM denies
 * {@code sun.misc.Unsafe} memory access, hessian-lite reaches fields by reflection ({@link HessianFieldAccess}).
 */
public final class HessianSerializerProvider implements SessionSerializerProvider {

    @Override
    public List<String> ids() {
        return List.of(KnownSerializers.HESSIAN);
    }

    @Override
    public boolean isAvailable() {
        return SessionSerializers.isOnClassPath("com.alibaba.com.caucho.hessian.io.Hessian2Output");
    }

    @Override
    public SessionSerializer create(String id, SerializerSettings settings) {
        HessianFieldAccess.avoidUnsafeWhereDenied();
        return new HessianSessionSerializer(settings);
    }

    @Override
    public Optional<String> refusalOf(String id, SerializerSettings settings) {
        return SessionSerializers.serializableOnly(id, settings);
    }
}
