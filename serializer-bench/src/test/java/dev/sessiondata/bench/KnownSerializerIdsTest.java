package dev.sessiondata.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.SessionSerializerProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The bench has every serializer module on its class path, so here the ids the server accepts as data
 * ({@link KnownSerializers#IDS}) meet the ids the modules actually make: a module that adds, drops or renames a
 * variant without the list (or the reverse) fails this test.
 */
class KnownSerializerIdsTest {

    @Test
    void theDiscoveredProvidersMakeExactlyTheKnownIdsEachOnce() {
        List<String> discovered = new ArrayList<>();
        for (SessionSerializerProvider provider : ServiceLoader.load(SessionSerializerProvider.class)) {
            discovered.addAll(provider.ids());
        }

        assertThat(discovered).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(KnownSerializers.IDS);
    }

    @Test
    void eachIdsArtifactIsTheModuleItsProviderIsLoadedFrom() {
        for (SessionSerializerProvider provider : ServiceLoader.load(SessionSerializerProvider.class)) {
            // target/classes of the module in a reactor build, its jar otherwise: either way named after the artifact
            String location = provider.getClass().getProtectionDomain().getCodeSource().getLocation().getPath();
            for (String id : provider.ids()) {
                String artifact = KnownSerializers.artifactOf(id).orElseThrow();
                assertThat(location).as("where %s's provider comes from", id)
                        .containsPattern("(^|/)" + Pattern.quote(artifact) + "(/|-\\d)");
            }
        }
    }
}
