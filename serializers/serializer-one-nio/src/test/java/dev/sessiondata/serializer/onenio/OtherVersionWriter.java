package dev.sessiondata.serializer.onenio;

import dev.sessiondata.forbidden.Intruder;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.onenio.evolution.Profile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The writer JVM of {@link OtherVersionJvm}: writes its version of {@link Profile} in both modes and exports the
 * descriptors of {@code Profile} (and all it reaches) and of the forbidden {@link Intruder}.
 */
public final class OtherVersionWriter {

    private OtherVersionWriter() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        SerializerSettings settings = SerializerSettings.builder()
                .allowPackages("dev.sessiondata.serializer.onenio.evolution")
                .registerClasses(Profile.class)
                .build();
        Profile profile = Profile.class.getDeclaredConstructor().newInstance();
        Files.write(dir.resolve("compact.bin"), SessionSerializers.create("one-nio", settings).serialize(profile));
        Files.write(dir.resolve("persist.bin"),
                SessionSerializers.create("one-nio-persist", settings).serialize(profile));
        OtherVersionJvm.writeDescriptors(dir.resolve("descriptors.bin"),
                OneNioDescriptors.export(List.of(Profile.class, Intruder.class)));
    }
}
