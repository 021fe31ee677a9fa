package dev.sessiondata.serializer.kryo;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.kit.UnsafeMemoryAccessKit;
import java.util.Set;

/** kryo-unsafe's buffers are Unsafe by design; kryo reaches fields by reflection where Unsafe is denied. */
class KryoUnsafeMemoryAccessTest extends UnsafeMemoryAccessKit {

    KryoUnsafeMemoryAccessTest() {
        super(new KryoSerializerProvider(), Set.of(KnownSerializers.KRYO_UNSAFE));
    }
}
