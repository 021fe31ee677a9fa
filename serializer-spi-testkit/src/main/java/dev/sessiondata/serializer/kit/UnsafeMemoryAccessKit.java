package dev.sessiondata.serializer.kit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.UnsafeMemoryAccess;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What a serializer module promises about {@code sun.misc.Unsafe} memory access ({@link UnsafeMemoryAccess}): the
 * ids that cannot work without it are listed as available exactly when this JVM allows it, and creating one where it
 * is denied is an {@link IllegalStateException} naming the id and {@value UnsafeMemoryAccess#DENY_OPTION}, never an
 * error from inside the library's static initializer; every other id of the module stays available and round-trips
 * (the compatibility kit then runs it in full).
 *
 * <p>It runs in every JVM: on JDK 17 it checks that nothing is withheld; on JDK 25 the build runs it once more with
 * Unsafe memory access denied (the parent pom's {@code jdk25-unsafe-denied} profile). A module declares a
 * subclass whose constructor passes its provider and those ids.
 */
public abstract class UnsafeMemoryAccessKit {

    private final SessionSerializerProvider provider;
    private final Set<String> idsNeedingUnsafe;

    /**
     * @param provider the provider of the module under test
     * @param idsNeedingUnsafe the ids of {@code provider} that cannot work without Unsafe memory access, by their
     *     library's code
     */
    protected UnsafeMemoryAccessKit(SessionSerializerProvider provider, Set<String> idsNeedingUnsafe) {
        this.provider = provider;
        this.idsNeedingUnsafe = Set.copyOf(idsNeedingUnsafe);
    }

    @Test
    void theIdsNeedingUnsafeAreAvailableExactlyWhenThisJvmAllowsIt() {
        for (String id : provider.ids()) {
            boolean expected = !(UnsafeMemoryAccess.isDenied() && idsNeedingUnsafe.contains(id));
            assertThat(SessionSerializers.available().contains(id)).as(id + " available").isEqualTo(expected);
            assertThat(SessionSerializers.isInstalled(id)).as(id + " installed").isTrue();
        }
    }

    @Test
    void anIdNeedingUnsafeIsRefusedWhereItIsDeniedNamingTheOption() {
        for (String id : idsNeedingUnsafe) {
            if (UnsafeMemoryAccess.isDenied()) {
                assertThatThrownBy(() -> SessionSerializers.create(id, KitSettings.strict()))
                        .as(id).isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining(id).hasMessageContaining(UnsafeMemoryAccess.DENY_OPTION);
            } else {
                assertRoundTrip(id);
            }
        }
    }

    @Test
    void everyOtherIdRoundTripsASessionContext() {
        for (String id : provider.ids()) {
            if (!idsNeedingUnsafe.contains(id)) {
                assertRoundTrip(id);
            }
        }
    }

    private static void assertRoundTrip(String id) {
        SessionSerializer serializer = SessionSerializers.create(id, KitSettings.strict());
        assertThat(serializer.deserialize(serializer.serialize(KitFixtures.sessionContext()),
                SessionContextFixture.class)).as(id).isEqualTo(KitFixtures.sessionContext());
    }
}
