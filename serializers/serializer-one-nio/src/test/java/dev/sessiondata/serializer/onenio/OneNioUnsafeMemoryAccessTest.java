package dev.sessiondata.serializer.onenio;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.kit.UnsafeMemoryAccessKit;
import java.util.Set;

/** One Nio's streams are Unsafe: both ids need Unsafe memory access. */
class OneNioUnsafeMemoryAccessTest extends UnsafeMemoryAccessKit {

    OneNioUnsafeMemoryAccessTest() {
        super(new OneNioSerializerProvider(), Set.of(KnownSerializers.ONE_NIO, KnownSerializers.ONE_NIO_PERSIST));
    }
}
