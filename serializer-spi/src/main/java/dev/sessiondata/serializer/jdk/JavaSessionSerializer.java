package dev.sessiondata.serializer.jdk;

import dev.sessiondata.serializer.AbstractSessionSerializer;
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
 * and bounds depth, array lengths, references and stream bytes, and classes are checked by name before they are
 * even loaded, so a refused class's static initializer never runs.
 */
final class JavaSessionSerializer extends AbstractSessionSerializer {


    private final ObjectInputFilter filter;

    JavaSessionSerializer(SerializerSettings settings) {
        super(JavaSerializerProvider.ID, settings);
        this.filter = this::check;
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
            in.setObjectInputFilter(filter);
            return in.readObject();
        }
    }

    private ObjectInputFilter.Status check(ObjectInputFilter.FilterInfo info) {
        if (info.depth() > settings.maxDepth()
                || info.arrayLength() > settings.maxArrayLength()
                || info.streamBytes() > settings.maxPayloadBytes()
                || info.references() > settings.maxArrayLength()) {
            return ObjectInputFilter.Status.REJECTED;
        }
        Class<?> serialClass = info.serialClass();
        if (serialClass != null && !settings.allowList().isAllowed(serialClass)) {
            return ObjectInputFilter.Status.REJECTED;
        }
        return serialClass != null ? ObjectInputFilter.Status.ALLOWED : ObjectInputFilter.Status.UNDECIDED;
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
