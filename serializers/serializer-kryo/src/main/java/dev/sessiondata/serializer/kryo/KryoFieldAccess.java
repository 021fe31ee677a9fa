package dev.sessiondata.serializer.kryo;

import com.esotericsoftware.kryo.util.Util;
import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.UnsafeMemoryAccess;

/**
 * Kryo's way to fields where this JVM denies {@code sun.misc.Unsafe} memory access. Kryo decides once per JVM, when
 * its {@code Util} class initializes, between {@code UnsafeField}s ({@code Unsafe.objectFieldOffset}) and
 * reflection, and its only switch is the system property {@value #PROPERTY}: with Unsafe denied Kryo would still
 * pick Unsafe (it finds the instance; only the calls throw) and fail on the first class it builds a serializer for.
 * The two ways write the same bytes.
 */
final class KryoFieldAccess {

    static final String PROPERTY = "kryo.unsafe";

    private KryoFieldAccess() {
    }

    /** Switches Kryo to reflection where Unsafe memory access is denied; before any Kryo class reads the property. */
    static void avoidUnsafeWhereDenied() {
        UnsafeMemoryAccess.switchOffWhereDenied(KnownSerializers.KRYO, PROPERTY, () -> Util.unsafe);
    }
}
