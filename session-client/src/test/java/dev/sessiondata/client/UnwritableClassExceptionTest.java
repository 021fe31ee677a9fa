package dev.sessiondata.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A class refused because the default serializer's module is missing gets that module named, not Serializable. */
class UnwritableClassExceptionTest {

    private static final Map<String, String> JAVA_REFUSED =
            Map.of("java", "java cannot write com.example.Cart: it does not implement java.io.Serializable");

    @Test
    void withoutTheDefaultSerializersModuleTheMessageNamesIt() {
        assertThat(UnwritableClassException.missingDefault(JAVA_REFUSED, id -> false))
                .isEqualTo(". The service writes with fory-shared unless its sessiondata.serializer.active names "
                        + "another, and this client does not have it: add dev.sessiondata:serializer-fory (its version "
                        + "from dev.sessiondata:serializer-bom)");
    }

    @Test
    void withTheDefaultSerializersModuleOrItsOwnRefusalNothingIsAdded() {
        assertThat(UnwritableClassException.missingDefault(JAVA_REFUSED, id -> true)).isEmpty();
        assertThat(UnwritableClassException.missingDefault(Map.of("fory-shared", "refused"), id -> false)).isEmpty();
    }

    @Test
    void theMessageStartsWithTheRefusals() {
        assertThat(new UnwritableClassException(JAVA_REFUSED, null))
                .hasMessageStartingWith("a registered class cannot be written: java cannot write com.example.Cart");
    }
}
