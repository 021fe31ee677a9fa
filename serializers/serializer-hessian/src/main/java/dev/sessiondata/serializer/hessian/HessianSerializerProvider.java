package dev.sessiondata.serializer.hessian;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;

/** Provides the {@code hessian} serializer when Dubbo's hessian-lite is on the class path. */
public final class HessianSerializerProvider implements SessionSerializerProvider {

    @Override
    public String id() {
        return HessianSessionSerializer.ID;
    }

    @Override
    public boolean isAvailable() {
        return SessionSerializers.isOnClassPath("com.alibaba.com.caucho.hessian.io.Hessian2Output");
    }

    @Override
    public SessionSerializer create(SerializerSettings settings) {
        return new HessianSessionSerializer(settings);
    }
}
