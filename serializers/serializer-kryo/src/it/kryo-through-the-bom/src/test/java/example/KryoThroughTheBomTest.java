package example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What an application gets from serializer-spi and serializer-kryo alone: the core's java and Kryo's two ids. */
class KryoThroughTheBomTest {

    @Test
    void theAvailableSerializersAreExactlyJavaAndKryosTwo() {
        assertEquals(List.of("java", "kryo", "kryo-unsafe"), SessionSerializers.available());
    }

    @Test
    void kryoRoundTrips() {
        SessionSerializer kryo = SessionSerializers.create("kryo", SerializerSettings.defaults());
        assertEquals("a session", kryo.deserialize(kryo.serialize("a session"), String.class));
    }
}
