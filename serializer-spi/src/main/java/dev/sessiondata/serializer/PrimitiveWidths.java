package dev.sessiondata.serializer;

/** The bytes one element of a primitive array takes at least on the wire, to check a declared length against. */
public final class PrimitiveWidths {

    private PrimitiveWidths() {
    }

    /** The width in bytes of a primitive type ({@code long}: 8); 1 for {@code boolean}, {@code byte} and others. */
    public static int bytes(Class<?> component) {
        if (component == long.class || component == double.class) {
            return Long.BYTES;
        }
        if (component == int.class || component == float.class) {
            return Integer.BYTES;
        }
        if (component == short.class || component == char.class) {
            return Short.BYTES;
        }
        return 1;
    }
}
