package dev.sessiondata.docs.serializer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.docs.client.ShoppingCart;
import org.junit.jupiter.api.Test;

/** The manual's serializer sample writes and reads back a session as written. */
class SerializerSnippetsTest {

    @Test
    void theSampleReadsBackWhatItWrote() {
        assertThat(SerializerSnippets.roundTrip(new ShoppingCart().add("book").add("pen")).items())
                .containsExactly("book", "pen");
    }
}
