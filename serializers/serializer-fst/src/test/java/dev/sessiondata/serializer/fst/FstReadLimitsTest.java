package dev.sessiondata.serializer.fst;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.nustaq.serialization.FSTConfiguration;
import org.nustaq.serialization.FSTDecoder;
import org.nustaq.serialization.FSTEncoder;
import org.nustaq.serialization.FSTObjectInput;

/** Corrupt lengths, nesting and classes FST knows by id are refused before FST allocates or instantiates. */
class FstReadLimitsTest {

    private static SessionSerializer serializer(FstVariant variant, SerializerSettings settings) {
        return SessionSerializers.create(variant.id(), settings);
    }

    /** A compressed int as this variant writes it. */
    private static byte[] encodedInt(FstVariant variant, int value) throws IOException {
        FSTEncoder encoder = FstConfigurations.create(variant).createStreamEncoder();
        encoder.setOutstream(null); // into its own buffer
        encoder.writeFInt(value);
        return Arrays.copyOf(encoder.getBuffer(), encoder.getWritten());
    }

    /** {@code payload} with its last compressed int, which must be {@code expected}, replaced by {@code value}. */
    private static byte[] withLastIntReplaced(FstVariant variant, byte[] payload, int expected, int value)
            throws IOException {
        byte[] old = encodedInt(variant, expected);
        int at = payload.length - old.length;
        assertThat(Arrays.copyOfRange(payload, at, payload.length))
                .as("the layout this test forges: the payload ends with " + expected).isEqualTo(old);
        byte[] replacement = encodedInt(variant, value);
        byte[] forged = Arrays.copyOf(payload, at + replacement.length);
        System.arraycopy(replacement, 0, forged, at, replacement.length);
        return forged;
    }

    private static FSTDecoder decoderOver(FstVariant variant, byte[] payload, int maxLength) {
        FSTConfiguration configuration = FstConfigurations.create(variant);
        FSTDecoder decoder = FstConfigurations.decoder(variant, configuration, new FstLimits(maxLength));
        decoder.setInputStream(FSTObjectInput.emptyStream); // as FSTObjectInput prepares its decoder
        decoder.resetWith(payload, payload.length);
        return decoder;
    }

    @ParameterizedTest
    @EnumSource(FstVariant.class)
    void aStringDeclaringMoreCharactersThanUnreadBytesIsRefused(FstVariant variant) throws IOException {
        byte[] length = encodedInt(variant, 1_000_000);
        byte[] payload = Arrays.copyOf(length, length.length + 3); // a million chars declared, three bytes follow

        FSTDecoder decoder = decoderOver(variant, payload, Integer.MAX_VALUE);

        assertThatThrownBy(decoder::readStringUTF).isInstanceOf(IOException.class).hasMessageContaining("declared length");
    }

    @ParameterizedTest
    @EnumSource(FstVariant.class)
    void aListClaimingTwoBillionElementsIsRefused(FstVariant variant) throws IOException {
        SessionSerializer serializer = serializer(variant, SerializerSettings.defaults());
        byte[] empty = serializer.serialize(new ArrayList<>());
        byte[] forged = withLastIntReplaced(variant, empty, 0, Integer.MAX_VALUE);

        assertThatThrownBy(() -> serializer.deserialize(forged, ArrayList.class))
                .isInstanceOf(SerializationException.class).hasMessageContaining("declared length");
    }

    @ParameterizedTest
    @EnumSource(FstVariant.class)
    void aDequeWhoseOwnReadObjectWouldAllocateTwoBillionSlotsIsRefused(FstVariant variant) throws IOException {
        // FST has no serializer for ArrayDeque: it runs ArrayDeque.readObject, which sizes its array itself
        SessionSerializer serializer = serializer(variant, SerializerSettings.defaults());
        byte[] empty = serializer.serialize(new ArrayDeque<>());
        byte[] forged = withLastIntReplaced(variant, empty, 0, Integer.MAX_VALUE - 8);

        assertThatThrownBy(() -> serializer.deserialize(forged, ArrayDeque.class))
                .isInstanceOf(SerializationException.class).hasMessageContaining("REJECTED");
    }

    @ParameterizedTest
    @EnumSource(FstVariant.class)
    void aClassFstKnowsByIdIsRefusedUnlessAllowed(FstVariant variant) {
        SessionSerializer serializer = serializer(variant, SerializerSettings.defaults());
        // FST pre-registers StringBuilder (and URL, Locale...): its payload carries an id, not a name
        byte[] data = serializer.serialize(new StringBuilder("not on the allow-list"));

        assertThatThrownBy(() -> serializer.deserialize(data, Object.class))
                .isInstanceOf(SerializationException.class).hasMessageContaining("java.lang.StringBuilder");
    }
}
