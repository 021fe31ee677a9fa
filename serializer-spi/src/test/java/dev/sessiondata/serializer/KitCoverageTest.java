package dev.sessiondata.serializer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every serializer id of the race is available here and has a test that runs the whole compatibility kit. */
class KitCoverageTest {

    /** The fourteen configurations of the bank's race, plus Fory and Hessian. */
    static final List<String> RACE_IDS = List.of("bson4jackson", "bson4jackson-typed", "fory", "fst", "fst-unsafe",
            "hessian", "jackson-json", "jackson-json-typed", "jackson-smile", "jackson-smile-typed", "java", "kryo",
            "kryo-unsafe", "mongo-bson", "one-nio", "one-nio-persist");

    @Test
    void everyIdOfTheRaceIsAvailable() {
        assertThat(SessionSerializers.available()).containsExactlyElementsOf(RACE_IDS);
    }

    @Test
    void everyAvailableIdHasAKitTest() throws Exception {
        assertThat(kitTestIds()).containsExactlyElementsOf(SessionSerializers.available());
    }

    private static TreeSet<String> kitTestIds() throws IOException, URISyntaxException, ReflectiveOperationException {
        Path testClasses = Path.of(KitCoverageTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        TreeSet<String> ids = new TreeSet<>();
        try (Stream<Path> files = Files.walk(testClasses)) {
            for (Path file : files.filter(f -> f.toString().endsWith("SerializerCompatibilityTest.class")).toList()) {
                String name = testClasses.relativize(file).toString().replace(file.getFileSystem().getSeparator(), ".")
                        .replaceAll("\\.class$", "");
                Class<?> type = Class.forName(name);
                if (!SerializerCompatibilityKit.class.isAssignableFrom(type) || Modifier.isAbstract(type.getModifiers())) {
                    continue;
                }
                Constructor<?> constructor = type.getDeclaredConstructor();
                constructor.setAccessible(true);
                Method id = SerializerCompatibilityKit.class.getDeclaredMethod("id");
                id.setAccessible(true);
                ids.add((String) id.invoke(constructor.newInstance()));
            }
        }
        return ids;
    }
}
