package dev.sessiondata.serializer.onenio;

import dev.sessiondata.api.ClassDescriptor;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Runs {@link OtherVersionWriter} in a separate JVM in which {@code evolution.Profile} is another version than this
 * JVM's: the given source is compiled at test time and put before the test classes on that JVM's class path. That
 * JVM leaves {@code compact.bin}, {@code persist.bin} and {@code descriptors.bin} in the directory.
 */
final class OtherVersionJvm {

    /** The writer's profile: a field the reader lacks, no field the reader has, another field order. */
    static final String PROFILE_V1 = """
            package dev.sessiondata.serializer.onenio.evolution;

            public class Profile implements java.io.Serializable {
                private static final long serialVersionUID = 1L;
                private long writerOnly = 42;
                private Tier tier = Tier.GOLD;
                private java.time.LocalDateTime lastLogin =
                        java.time.LocalDateTime.of(2026, 11, 21, 23, 59, 58, 987_654_321);
                private String userId = "user-4711";
                private Address address = new Address("Bahnhofstrasse 1", "Zürich");
                private java.time.Instant createdAt = java.time.Instant.parse("2026-11-22T03:20:08.123456789Z");
                private String displayName = "Zoë";
                %s
            }
            """;

    private OtherVersionJvm() {
    }

    /** {@link #PROFILE_V1} with these extra field declarations, so that each test has a version of its own. */
    static String profileV1(String extraFields) {
        return PROFILE_V1.formatted(extraFields);
    }

    /** Compiles {@code profileSource}, runs the writer JVM with it, and returns {@code dir}. */
    static Path write(Path dir, String profileSource) throws IOException, InterruptedException {
        Path sources = Files.createDirectories(dir.resolve("src"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Path source = sources.resolve("Profile.java");
        Files.writeString(source, profileSource);
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        int compiled = compiler.run(null, null, null, "-d", classes.toString(),
                "-cp", System.getProperty("java.class.path"), source.toString());
        assertThat(compiled).as("javac of the writer's Profile").isZero();

        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElseThrow());
        for (String argument : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!argument.startsWith("-agentlib:jdwp") && !argument.startsWith("-XX:HeapDumpPath")) {
                command.add(argument);
            }
        }
        command.addAll(List.of("-cp", classes + java.io.File.pathSeparator + System.getProperty("java.class.path"),
                OtherVersionWriter.class.getName(), dir.toString()));
        Path log = dir.resolve("writer.log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).as("the writer JVM finished").isTrue();
        assertThat(process.exitValue()).as("the writer JVM's exit code; its output:\n" + Files.readString(log))
                .isZero();
        return dir;
    }

    static void writeDescriptors(Path file, List<ClassDescriptor> descriptors) throws IOException {
        try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(file))) {
            out.writeInt(descriptors.size());
            for (ClassDescriptor descriptor : descriptors) {
                out.writeLong(descriptor.uid());
                out.writeInt(descriptor.bytes().length);
                out.write(descriptor.bytes());
            }
        }
    }

    static List<ClassDescriptor> readDescriptors(Path file) throws IOException {
        try (DataInputStream in = new DataInputStream(Files.newInputStream(file))) {
            List<ClassDescriptor> descriptors = new ArrayList<>();
            for (int count = in.readInt(); count > 0; count--) {
                long uid = in.readLong();
                descriptors.add(new ClassDescriptor(uid, in.readNBytes(in.readInt())));
            }
            return descriptors;
        }
    }
}
