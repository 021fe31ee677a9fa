package dev.sessiondata.server.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class ExpiryTextsTest {

    @Test
    void theTextIsTheInstantsOwnWhetherAskedOnceOrAgain() {
        Instant whole = Instant.parse("2026-11-26T10:41:47Z");
        Instant millis = Instant.parse("2026-11-26T10:41:47.120Z");

        assertThat(ExpiryTexts.of(whole)).isEqualTo("2026-11-26T10:41:47Z");
        assertThat(ExpiryTexts.of(whole)).isEqualTo(whole.toString());
        assertThat(ExpiryTexts.of(millis)).isEqualTo("2026-11-26T10:41:47.120Z");
        assertThat(ExpiryTexts.of(whole)).isEqualTo(whole.toString());
    }
}
