package dev.sessiondata.serializer.fory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.kit.Channel;
import dev.sessiondata.serializer.kit.KitSettings;
import java.io.IOException;
import java.net.URI;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Currency;
import java.util.EnumSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.fory.Fory;
import org.apache.fory.resolver.ClassResolver;
import org.apache.fory.resolver.SharedRegistry;
import org.apache.fory.serializer.Serializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** JDK types Fory writes by internal id, not by name, are read only when the allow-list allows them. */
class ForyBuiltInTypesTest {

    /** Allows the kit's classes (its enum, for an {@code EnumSet} of it), not the JDK types under test. */
    private final SessionSerializer strict = SessionSerializers.create("fory", KitSettings.strict());

    static Stream<Object> typesOutsideTheAllowList() {
        return Stream.of(URI.create("https://example.com/"), Currency.getInstance("EUR"),
                EnumSet.of(Channel.WEB), new IOException("boom"), Pattern.compile("a+"), new Timestamp(0),
                new PriorityQueue<>(List.of(1, 2)), new Vector<>(List.of(1)), new ConcurrentHashMap<>(),
                new AtomicLong(7));
    }

    @ParameterizedTest
    @MethodSource("typesOutsideTheAllowList")
    void aJdkTypeWrittenByIdIsRefusedOnRead(Object value) {
        byte[] payload = strict.serialize(value);

        assertThatThrownBy(() -> strict.deserialize(payload, Object.class))
                .isInstanceOf(SerializationException.class).hasMessageContaining("is not allowed");
        List<Object> nested = new ArrayList<>(List.of("before", value));
        byte[] nestedPayload = strict.serialize(nested);
        assertThatThrownBy(() -> strict.deserialize(nestedPayload, Object.class))
                .isInstanceOf(SerializationException.class).hasMessageContaining("is not allowed");
    }

    /**
     * The guard wraps most serializers when Fory first makes them: a reader that never wrote the type, so has not
     * made its serializer, refuses it all the same.
     */
    @ParameterizedTest
    @MethodSource("typesOutsideTheAllowList")
    void aFreshReaderRefusesATypeItNeverWrote(Object value) {
        for (String id : List.of("fory", "fory-shared")) {
            byte[] payload = SessionSerializers.create(id, KitSettings.strict())
                    .serialize(new ArrayList<>(List.of("before", value)));
            SessionSerializer freshReader = SessionSerializers.create(id, KitSettings.strict());

            assertThatThrownBy(() -> freshReader.deserialize(payload, Object.class)).as(id)
                    .isInstanceOf(SerializationException.class).hasMessageContaining("is not allowed");
        }
    }

    /** Every type Fory registers by id and the allow-list refuses, whether Fory made its serializer early or late. */
    @Test
    void everyTypeRegisteredByIdOutsideTheAllowListRefusesToRead() {
        SerializerSettings settings = KitSettings.strict();
        Fory fory = ForyBuilders.build(ForyBuilders.base(settings), new SharedRegistry(), settings,
                ReadBudgetSlot.lookedUpEachTime());
        ClassResolver resolver = (ClassResolver) fory.getTypeResolver();
        int guarded = 0;
        for (Class<?> type : resolver.getRegisteredClasses()) {
            if (type.isPrimitive() || type == Class.class || type.getName().startsWith("org.apache.fory.")
                    || settings.allowList().isAllowed(type)) {
                continue;
            }
            Serializer<?> serializer;
            try {
                serializer = resolver.getSerializer(type);
            } catch (UnsupportedOperationException e) {
                continue; // a type Fory never reads or writes (java.lang.Void)
            }
            assertThat(BuiltInTypeGuard.refusesToRead(serializer)).as(type.getName()).isTrue();
            guarded++;
        }
        assertThat(guarded).isGreaterThan(50);
    }

    @Test
    void aReaderThatAllowsTheTypeReadsWhatAStrictWriterWrote() {
        SessionSerializer allowing = SessionSerializers.create("fory",
                KitSettings.strict().toBuilder().allowClasses(URI.class, Vector.class).build());
        List<Object> value = new ArrayList<>(List.of(URI.create("https://example.com/"), new Vector<>(List.of(1))));

        assertThat(allowing.deserialize(strict.serialize(value), ArrayList.class)).isEqualTo(value);
    }
}
