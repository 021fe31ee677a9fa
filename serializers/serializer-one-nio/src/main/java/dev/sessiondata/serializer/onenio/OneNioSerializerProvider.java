package dev.sessiondata.serializer.onenio;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.List;

/**
 * Provides One Nio's two variants: {@code one-nio}, compact mode (class uids only; a reader needs the writer's class
 * descriptors, so it is a {@link dev.sessiondata.serializer.SchemaExchangingSerializer}), and
 * {@code one-nio-persist}, persist mode (each class's descriptor inline, once per payload).
 */
public final class OneNioSerializerProvider implements SessionSerializerProvider {

    public static final String ONE_NIO = "one-nio";
    public static final String ONE_NIO_PERSIST = "one-nio-persist";

    @Override
    public List<String> ids() {
        return List.of(ONE_NIO, ONE_NIO_PERSIST);
    }

    @Override
    public boolean isAvailable() {
        return SessionSerializers.isOnClassPath("one.nio.serial.Repository");
    }

    @Override
    public SessionSerializer create(String id, SerializerSettings settings) {
        return switch (id) {
            case ONE_NIO -> new OneNioCompactSerializer(settings);
            case ONE_NIO_PERSIST -> new OneNioSessionSerializer(ONE_NIO_PERSIST, true, settings);
            default -> throw new IllegalArgumentException("not an id of this library: '" + id + "'");
        };
    }
}
