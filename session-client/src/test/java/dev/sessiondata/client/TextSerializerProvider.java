package dev.sessiondata.client;

import dev.sessiondata.serializer.AbstractSessionSerializer;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A second serializer for the client's tests, so that switching between two ids needs no optional library: it
 * writes strings as UTF-8 and nothing else. Registered for the tests only, in the test resources. It counts the
 * serializers it made ({@link #MADE}), and it refuses a registered {@link NotText} only when it is made, as a library
 * that can tell no other way.
 */
public final class TextSerializerProvider implements SessionSerializerProvider {

    static final String ID = "test-text";
    static final AtomicInteger MADE = new AtomicInteger();

    /** A registered class this serializer refuses when it is made, and not before. */
    static final class NotText {
    }

    @Override
    public List<String> ids() {
        return List.of(ID);
    }

    @Override
    public boolean isAvailable() {
        return true;
    }

    @Override
    public SessionSerializer create(String id, SerializerSettings settings) {
        if (settings.registeredClasses().contains(NotText.class)) {
            throw new IllegalArgumentException(ID + " cannot write " + NotText.class.getName());
        }
        MADE.incrementAndGet();
        return new AbstractSessionSerializer(ID, settings) {
            @Override
            protected byte[] write(Object value) {
                return ((String) value).getBytes(StandardCharsets.UTF_8);
            }

            @Override
            protected Object read(byte[] data, Class<?> type) {
                return new String(data, StandardCharsets.UTF_8);
            }
        };
    }
}
