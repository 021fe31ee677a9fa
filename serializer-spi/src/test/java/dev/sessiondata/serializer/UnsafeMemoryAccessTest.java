package dev.sessiondata.serializer;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import sun.misc.Unsafe;

/**
 * The detection against the JVM it runs in (on JDK 25 the build runs these tests once more with
 * {@value UnsafeMemoryAccess#DENY_OPTION}), and its decision for the JVMs it cannot run in here.
 */
class UnsafeMemoryAccessTest {

    private static final BooleanSupplier NEVER_CALLED = () -> {
        throw new AssertionError("Unsafe was called where the option or the release decides");
    };

    @Test
    @SuppressWarnings("removal") // the call whose refusal is detected
    void agreesWithWhatUnsafeDoesInThisJvm() throws ReflectiveOperationException {
        Field instance = Unsafe.class.getDeclaredField("theUnsafe");
        instance.setAccessible(true);
        Unsafe unsafe = (Unsafe) instance.get(null);
        boolean throwsWhenCalled;
        try {
            unsafe.arrayBaseOffset(long[].class);
            throwsWhenCalled = false;
        } catch (UnsupportedOperationException e) {
            throwsWhenCalled = true;
        }
        assertThat(UnsafeMemoryAccess.isDenied()).isEqualTo(throwsWhenCalled);
    }

    @Test
    void theOptionDecidesWhenGiven() {
        assertThat(UnsafeMemoryAccess.decide(true, "deny", 25, NEVER_CALLED)).isTrue();
        assertThat(UnsafeMemoryAccess.decide(true, "deny", 23, NEVER_CALLED)).isTrue();
        for (String allowing : new String[] {"allow", "warn", "debug"}) {
            assertThat(UnsafeMemoryAccess.decide(true, allowing, 25, NEVER_CALLED)).as(allowing).isFalse();
            assertThat(UnsafeMemoryAccess.decide(true, allowing, 30, NEVER_CALLED)).as(allowing).isFalse();
        }
    }

    @Test
    void aReleaseBefore23HasNoSuchOptionAndAllows() {
        assertThat(UnsafeMemoryAccess.decide(true, "deny", 17, NEVER_CALLED)).isFalse();
        assertThat(UnsafeMemoryAccess.decide(true, "deny", 22, NEVER_CALLED)).isFalse();
    }

    @Test
    void withoutTheOptionAReleaseUpTo25AllowsWithoutCallingUnsafe() {
        assertThat(UnsafeMemoryAccess.decide(true, null, 17, NEVER_CALLED)).isFalse();
        assertThat(UnsafeMemoryAccess.decide(true, null, 25, NEVER_CALLED)).isFalse();
    }

    @Test
    void withoutTheOptionALaterReleaseIsAskedByACall() {
        assertThat(UnsafeMemoryAccess.decide(true, null, 26, () -> true)).isTrue();
        assertThat(UnsafeMemoryAccess.decide(true, null, 26, () -> false)).isFalse();
    }

    @Test
    void aRuntimeWithoutSunMiscUnsafeCountsAsDenied() {
        assertThat(UnsafeMemoryAccess.decide(false, "allow", 25, NEVER_CALLED)).isTrue();
        assertThat(UnsafeMemoryAccess.decide(false, null, 17, NEVER_CALLED)).isTrue();
    }
}
