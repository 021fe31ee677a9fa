package dev.sessiondata.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SessionApiTest {

    @Test
    void theDescriptorPathAndMediaTypeOfASerializerAreMadeFromItsId() {
        assertThat(SessionApi.descriptorsPath("x")).isEqualTo("/api/v1/serializers/x/descriptors");
        assertThat(SessionApi.descriptorsMediaType("x")).isEqualTo("application/vnd.sessiondata.x-descriptors");
    }

    @Test
    void theOneNioConstantsAreTheGeneralFormsOfAKnownId() {
        String oneNio = KnownSerializers.IDS.stream().filter(id -> SessionApi.ONE_NIO_DESCRIPTORS_PATH
                .equals(SessionApi.descriptorsPath(id))).findFirst().orElseThrow();

        assertThat(SessionApi.descriptorsMediaType(oneNio)).isEqualTo(SessionApi.DESCRIPTORS_MEDIA_TYPE);
    }

    @Test
    void theKnownIdsAreSortedAndDistinct() {
        assertThat(KnownSerializers.IDS).isSorted().doesNotHaveDuplicates();
        assertThat(KnownSerializers.isKnown("kryo")).isTrue();
        assertThat(KnownSerializers.isKnown("protobuf")).isFalse();
        assertThat(KnownSerializers.isKnown(KnownSerializers.DEFAULT_ACTIVE)).isTrue();
    }

    @Test
    void dotSegmentsAreNoSessionIdsButOtherDotsAre() {
        assertThat(SessionApi.SESSION_ID.matcher(".").matches()).isFalse();
        assertThat(SessionApi.SESSION_ID.matcher("..").matches()).isFalse();
        assertThat(SessionApi.SESSION_ID.matcher("...").matches()).isTrue();
        assertThat(SessionApi.SESSION_ID.matcher(".a").matches()).isTrue();
        assertThat(SessionApi.SESSION_ID.matcher("a..").matches()).isTrue();
        assertThat(SessionApi.SESSION_ID.matcher("x".repeat(128)).matches()).isTrue();
        assertThat(SessionApi.SESSION_ID.matcher("x".repeat(129)).matches()).isFalse();
    }
}
