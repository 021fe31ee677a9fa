package dev.sessiondata.serializer.onenio;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SerializerVariant;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.List;
import java.util.Optional;

/**
 * Provides One Nio's two variants ({@link OneNioVariant}): {@code one-nio}, compact mode (class uids only; a reader
 * needs the writer's class descriptors, so it is a {@link dev.sessiondata.serializer.SchemaExchangingSerializer}),
 * and {@code one-nio-persist}, persist mode (each class's descriptor inline, once per payload).
 */
public final class OneNioSerializerProvider implements SessionSerializerProvider {

    @Override
    public List<String> ids() {
        return SerializerVariant.ids(OneNioVariant.class);
    }

    @Override
    public boolean isAvailable() {
        return SessionSerializers.isOnClassPath("one.nio.serial.Repository");
    }

    @Override
    public SessionSerializer create(String id, SerializerSettings settings) {
        OneNioVariant variant = SerializerVariant.of(OneNioVariant.class, id);
        return switch (variant) {
            case ONE_NIO -> new OneNioCompactSerializer(settings);
            case ONE_NIO_PERSIST -> new OneNioSessionSerializer(variant, settings);
        };
    }

    @Override
    public Optional<String> refusalOf(String id, SerializerSettings settings) {
        return ReachableClasses.unwritable(settings.registeredClasses());
    }
}
