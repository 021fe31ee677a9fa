package dev.sessiondata.bench.legacy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HandWrittenCodecTest {

    @Test
    void readsBackTheBenchmarkObjectWithItsNullString() {
        LegacyObject sample = LegacyObject.sample();

        LegacyObject read = HandWrittenCodec.decode(HandWrittenCodec.encode(sample));

        assertThat(read).isEqualTo(sample);
        assertThat(read.getMissing()).isNull();
    }

    @Test
    void readsBackAnObjectWithoutValuesOrName() {
        LegacyObject empty = new LegacyObject();
        empty.setId(-1);

        assertThat(HandWrittenCodec.decode(HandWrittenCodec.encode(empty))).isEqualTo(empty);
    }

    @Test
    void writesOnlyTheFieldsAndTheirLengths() {
        LegacyObject sample = LegacyObject.sample();
        int expected = 8 + 4 + 16 * 8 + 4 + sample.getName().length() + 4;

        assertThat(HandWrittenCodec.encode(sample)).hasSize(expected);
    }
}
