package dev.sessiondata.serializer.fst;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.kit.UnsafeMemoryAccessKit;
import java.util.Set;

/** FST calls Unsafe whatever its configuration: both ids need Unsafe memory access. */
class FstUnsafeMemoryAccessTest extends UnsafeMemoryAccessKit {

    FstUnsafeMemoryAccessTest() {
        super(new FstSerializerProvider(), Set.of(KnownSerializers.FST, KnownSerializers.FST_UNSAFE));
    }
}
