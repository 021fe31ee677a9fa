package dev.sessiondata.serializer.hessian;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.List;

/** Provides the {@code hessian} serializer when Dubbo's hessian-lite is on the class path. */
public final class HessianSerializerProvider implements SessionSerializerProvider {

    /** The id of this library's one serializer. */
    public static final String ID = "hessian";

    @Override
    public List<String> ids() {
        return List.of(ID);
    }

    @Override
    public boolean isAvailable() {
        return SessionSerializers.isOnClassPath("com.alibaba.com.caucho.hessian.io.Hessian2Output");
    }

    @Override
    public SessionSerializer create(String id, SerializerSettings settings) {
        return new HessianSessionSerializer(settings);
    }
}
