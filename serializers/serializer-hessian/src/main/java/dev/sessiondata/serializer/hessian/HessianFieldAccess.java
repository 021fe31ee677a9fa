package dev.sessiondata.serializer.hessian;

import com.alibaba.com.caucho.hessian.io.UnsafeDeserializer;
import com.alibaba.com.caucho.hessian.io.UnsafeSerializer;
import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.UnsafeMemoryAccess;

/**
 * hessian-lite's way to fields where this JVM denies {@code sun.misc.Unsafe} memory access. hessian-lite decides once
 * per JVM, in the static initializers of {@code UnsafeSerializer} and {@code UnsafeDeserializer}, between its Unsafe
 * serializers and {@code JavaSerializer}/{@code JavaDeserializer} (reflection), and its only switch is the system
 * property {@value #PROPERTY}: with Unsafe denied it would still pick Unsafe (it finds the instance; only the calls
 * throw) and fail already in {@code SerializerFactory}'s static initializer. Both ways write the same Hessian 2
 * bytes; the reflective deserializer creates an object through its cheapest constructor (with nulls and zeros) where
 * the Unsafe one allocates it without any.
 */
final class HessianFieldAccess {

    static final String PROPERTY = "com.caucho.hessian.unsafe";

    private HessianFieldAccess() {
    }

    /** Switches hessian-lite to reflection where Unsafe memory access is denied; before it reads the property. */
    static void avoidUnsafeWhereDenied() {
        UnsafeMemoryAccess.switchOffWhereDenied(KnownSerializers.HESSIAN, PROPERTY,
                () -> UnsafeSerializer.isEnabled() || UnsafeDeserializer.isEnabled());
    }
}
