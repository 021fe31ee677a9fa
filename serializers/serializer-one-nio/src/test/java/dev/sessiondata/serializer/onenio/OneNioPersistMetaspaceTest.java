package dev.sessiondata.serializer.onenio;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.onenio.evolution.Profile;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import one.nio.serial.Serializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One-nio, reading persist-mode data whose descriptors this JVM has not registered, generates a serializer class on
 * every read; {@code one-nio-persist} registers each inline descriptor by uid on its first read instead.
 */
class OneNioPersistMetaspaceTest {

    private static final int READS = 1_000;
    /** The first read generates serializers for the writer's classes; a handful, whatever the number of reads. */
    private static final int MAX_CLASSES_LOADED = 50;

    @Test
    void readingOnePersistPayloadAThousandTimesLoadsOnlyAHandfulOfClasses(@TempDir Path dir) throws Exception {
        Path writer = OtherVersionJvm.write(dir, OtherVersionJvm.profileV1("private int visits = 7;"));
        byte[] data = Files.readAllBytes(writer.resolve("persist.bin"));
        ClassLoadingMXBean classLoading = ManagementFactory.getClassLoadingMXBean();

        long beforePlain = classLoading.getTotalLoadedClassCount();
        for (int i = 0; i < 20; i++) {
            Serializer.deserialize(data);
        }
        long loadedByPlainOneNio = classLoading.getTotalLoadedClassCount() - beforePlain;
        assertThat(loadedByPlainOneNio).as("classes plain one-nio loaded for 20 reads").isGreaterThanOrEqualTo(20);

        SessionSerializer reader = SessionSerializers.create("one-nio-persist", SerializerSettings.builder()
                .allowPackages("dev.sessiondata.serializer.onenio.evolution").build());
        long before = classLoading.getTotalLoadedClassCount();
        for (int i = 0; i < READS; i++) {
            assertThat(reader.deserialize(data, Profile.class).userId()).isEqualTo("user-4711");
        }
        long loaded = classLoading.getTotalLoadedClassCount() - before;
        System.out.printf("[one-nio-persist] %d reads of a foreign class version loaded %d classes "
                + "(plain one-nio: %d classes for 20 reads)%n", READS, loaded, loadedByPlainOneNio);
        assertThat(loaded).as("classes loaded by %d reads", READS).isLessThanOrEqualTo(MAX_CLASSES_LOADED);
    }
}
