package dev.sessiondata.serializer.hessian;

import dev.sessiondata.serializer.kit.UnsafeMemoryAccessKit;
import java.util.Set;

/** hessian stays available where Unsafe is denied: hessian-lite reaches fields by reflection there. */
class HessianUnsafeMemoryAccessTest extends UnsafeMemoryAccessKit {

    HessianUnsafeMemoryAccessTest() {
        super(new HessianSerializerProvider(), Set.of());
    }
}
