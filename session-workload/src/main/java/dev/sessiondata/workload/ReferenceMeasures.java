package dev.sessiondata.workload;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.util.function.ToIntFunction;

/** Size measures the factory can aim at without a serializer library: only the JDK's own. */
public final class ReferenceMeasures {

    private ReferenceMeasures() {
    }

    /**
     * The length of the java.io serialization of a value. java.io writes every class's description inline, so a
     * context smaller than about 700 bytes cannot be made; use a compact serializer's measure for the 100 B size.
     */
    public static ToIntFunction<Object> javaSerialization() {
        return value -> {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(1024);
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(value);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot measure " + value.getClass().getName(), e);
            }
            return bytes.size();
        };
    }
}
