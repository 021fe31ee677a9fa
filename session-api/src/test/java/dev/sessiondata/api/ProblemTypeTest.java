package dev.sessiondata.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProblemTypeTest {

    @Test
    void everyTypeHasItsOwnUri() {
        assertThat(Arrays.stream(ProblemType.values()).map(ProblemType::uri)).doesNotHaveDuplicates();
    }

    @Test
    void aTypeIsFoundByItsUri() {
        assertThat(ProblemType.of(URI.create("urn:sessiondata:problem:precondition-failed")))
                .contains(ProblemType.PRECONDITION_FAILED);
        assertThat(ProblemType.PRECONDITION_FAILED.status()).isEqualTo(412);
    }

    @Test
    void anUnknownUriHasNoType() {
        assertThat(ProblemType.of(URI.create("about:blank"))).isEmpty();
    }

    @Test
    void serializersInfoCopiesItsLists() {
        List<String> accepted = new ArrayList<>(List.of("java"));
        SerializersInfo info = new SerializersInfo("java", accepted, List.of("java", "kryo"));
        accepted.add("kryo");
        assertThat(info.accepted()).containsExactly("java");
    }
}
