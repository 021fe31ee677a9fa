package dev.sessiondata.serializer.onenio;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.kit.KitFixtures;
import dev.sessiondata.serializer.kit.KitSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import one.nio.serial.PersistStream;
import one.nio.serial.Serializer;
import org.junit.jupiter.api.Test;

/**
 * {@link SessionWriteStream} writes in one pass, with its own string encoder, the bytes one-nio's own writers write:
 * every string form one-nio's modified UTF-8 treats apart, lengths on both sides of its two-byte length, back-references
 * on both sides of its two-byte index, and hints from a bigger or smaller previous payload.
 */
class OneNioWriteStreamTest {

    private static final List<String> STRINGS = List.of("", "plain ascii", "with \0 inside", "caf\u00e9",
            "\u0416\u0443\u0440\u043d\u0430\u043b", "emoji \uD83D\uDE00", "unpaired \uD800 surrogate", "\u007f\u0080",
            "x".repeat(0x7fff), "y".repeat(0x8000), "\u00e9".repeat(0x4000));

    @Test
    void compactModeWritesTheBytesOfOneNiosSerializer() throws IOException {
        SessionSerializer compact = SessionSerializers.create("one-nio", KitSettings.strict());
        for (Object value : values()) {
            assertThat(compact.serialize(value)).isEqualTo(Serializer.serialize(value));
        }
    }

    @Test
    void persistModeWritesTheBytesOfOneNiosPersistStream() throws IOException {
        SessionSerializer persist = SessionSerializers.create("one-nio-persist", KitSettings.strict());
        for (Object value : values()) {
            PersistStream reference = new PersistStream();
            reference.writeObject(value);
            assertThat(persist.serialize(value)).isEqualTo(reference.toByteArray());
        }
    }

    @Test
    void hintsFromAnotherSizeOfPayloadChangeNoByte() throws IOException {
        SessionSerializer compact = SessionSerializers.create("one-nio", KitSettings.strict());
        ArrayList<String> big = manyStrings();
        List<String> small = List.of("a", "b");
        for (Object value : List.of(big, small, big, KitFixtures.sessionContext(), small)) {
            byte[] written = compact.serialize(value);
            assertThat(written).isEqualTo(Serializer.serialize(value));
            assertThat(compact.deserialize(written, Object.class)).isEqualTo(value);
        }
    }

    @Test
    void everyStringFormReadsBackInBothModes() {
        for (String id : List.of("one-nio", "one-nio-persist")) {
            SessionSerializer serializer = SessionSerializers.create(id, KitSettings.strict());
            ArrayList<String> strings = new ArrayList<>(STRINGS);
            assertThat(serializer.deserialize(serializer.serialize(strings), Object.class)).isEqualTo(strings);
        }
    }

    private static List<Object> values() {
        ArrayList<String> shared = new ArrayList<>(STRINGS);
        shared.addAll(STRINGS);
        return List.of(new ArrayList<>(STRINGS), shared, manyStrings(), "a lone string", new byte[] {1, 2, 3});
    }

    /** More objects than a two-byte back-reference reaches, then references to the first and the last. */
    private static ArrayList<String> manyStrings() {
        ArrayList<String> strings = new ArrayList<>();
        for (int i = 0; i < 70_000; i++) {
            strings.add(Integer.toString(i));
        }
        strings.add(strings.get(0));
        strings.add(strings.get(strings.size() - 2));
        return strings;
    }
}
