package dev.sessiondata.serializer.onenio;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.SerializerVariant;

/** One Nio's two variants, its two modes of writing a class. */
enum OneNioVariant implements SerializerVariant {

    /**
     * {@code one-nio}, compact mode: each class as its 64-bit uid, so a reader needs the writer's descriptors
     * ({@link OneNioCompactSerializer}).
     */
    ONE_NIO(KnownSerializers.ONE_NIO),

    /** {@code one-nio-persist}, persist mode: each class's descriptor inline, once per payload. */
    ONE_NIO_PERSIST(KnownSerializers.ONE_NIO_PERSIST);

    private final String id;

    OneNioVariant(String id) {
        this.id = id;
    }

    @Override
    public String id() {
        return id;
    }
}
