package dev.sessiondata.serializer.jdk;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.AbstractSessionSerializer;
import dev.sessiondata.serializer.ReadBudget;
import dev.sessiondata.serializer.SerializerSettings;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;

/**
 * java.io serialization. Every read runs under an {@link ObjectInputFilter} that admits only allow-listed classes
 * and bounds depth, array lengths, references, stream bytes and the work of the read ({@link ReadFilter}), and
 * classes are checked by name before they are even loaded, so a refused class's static initializer never runs. A
 * budget the filter exceeded reaches the caller as the refusal itself: the base class unwraps it from java.io's
 * rejection.
 */
final class JavaSessionSerializer extends AbstractSessionSerializer {

    JavaSessionSerializer(SerializerSettings settings) {
        super(KnownSerializers.JAVA, settings);
        requireSerializableRegisteredClasses();
    }

    @Override
    protected byte[] write(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        return bytes.toByteArray();
    }

    @Override
    protected Object read(byte[] data, Class<?> type) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new FilteredObjectInputStream(new ByteArrayInputStream(data))) {
            in.setObjectInputFilter(new ReadFilter(settings, ReadBudget.current(), data.length));
            return in.readObject();
        }
    }

    /** Resolves classes in the configured class loader, after checking their names against the allow-list. */
    private final class FilteredObjectInputStream extends ObjectInputStream {

        FilteredObjectInputStream(InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            String name = desc.getName();
            if (!settings.allowList().isAllowed(name)) {
                throw new InvalidClassException(name, "not on the allow-list");
            }
            try {
                return Class.forName(name, false, settings.classLoader());
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc);
            }
        }

        @Override
        protected Class<?> resolveProxyClass(String[] interfaces) throws IOException {
            throw new InvalidClassException("dynamic proxies are never read");
        }
    }
}
