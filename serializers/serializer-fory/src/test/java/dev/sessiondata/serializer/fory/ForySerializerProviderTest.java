package dev.sessiondata.serializer.fory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.serializer.UnsafeMemoryAccess;
import org.junit.jupiter.api.Test;

/** Where Unsafe is denied, Fory runs only with java.lang.invoke open to it, and says so when it is not. */
class ForySerializerProviderTest {

    @Test
    void runsWhereUnsafeIsAllowedOrJavaLangInvokeIsOpen() {
        assertThat(ForySerializerProvider.refusal("fory-shared", false, false)).isEmpty();
        assertThat(ForySerializerProvider.refusal("fory-shared", false, true)).isEmpty();
        assertThat(ForySerializerProvider.refusal("fory-shared", true, true)).isEmpty();
    }

    @Test
    void whereUnsafeIsDeniedAndJavaLangInvokeIsClosedItNamesTheFlag() {
        assertThat(ForySerializerProvider.refusal("fory-shared", true, false)).hasValueSatisfying(reason ->
                assertThat(reason).contains("'fory-shared'", UnsafeMemoryAccess.DENY_OPTION,
                        "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED"));
    }

    @Test
    void theBuildsJvmsOpenItSoBothIdsAreAvailable() {
        // the surefire runs pass serializer.jvm.flags, the JDK 25 one with Unsafe denied included
        ForySerializerProvider provider = new ForySerializerProvider();

        assertThat(provider.isAvailable("fory")).isTrue();
        assertThat(provider.isAvailable("fory-shared")).isTrue();
    }
}
