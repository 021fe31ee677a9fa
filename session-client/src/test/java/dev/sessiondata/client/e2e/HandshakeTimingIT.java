package dev.sessiondata.client.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.DescriptorBatch;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.testsupport.ForkedJvm;
import dev.sessiondata.testsupport.JavaSources;
import dev.sessiondata.testsupport.TestServer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Times the startup handshake of an application that registers 50 session classes (each with a nested DTO, an
 * enum, BigDecimal and java.time fields), with One Nio active: one-nio generates a serializer per class and the
 * descriptors are uploaded (peers' are installed only when a read misses them). Measured in a fresh JVM, as an
 * application starts, and again for a second client in that JVM; the figures (the whole {@code build()}, and the
 * handshake as the client logs it) are printed and written to {@code target/handshake-timing.properties}, not
 * asserted, since this machine's load is shared. The target is under 200 ms.
 */
class HandshakeTimingIT {

    private static final int CLASSES = 50;
    private static final Pattern HANDSHAKE_LOG = Pattern.compile("Session client ready for \\S+ in (\\d+) ms");

    @TempDir
    Path temp;

    @Test
    void handshakeWithFiftyRegisteredClassesIsTimed() throws Exception {
        Path classes = JavaSources.compile(generateSources(temp.resolve("src")), temp.resolve("classes"));
        Path figures = temp.resolve("timing.properties");
        try (TestServer server = TestServer.start("sessiondata.serializer.active=one-nio")) {
            ForkedJvm.Result run = ForkedJvm.run(classes, "gen.HandshakeTiming", temp.resolve("timing.log"),
                    server.baseUri().toString(), TestServer.TOKEN, figures.toString());
            assertThat(run.succeeded()).as(run.output()).isTrue();
            List<String> handshakes = run.output().lines().map(HANDSHAKE_LOG::matcher).filter(Matcher::find)
                    .map(match -> match.group(1)).toList();
            assertThat(handshakes).as("the client's handshake log lines in:\n" + run.output()).hasSize(2);
            Files.writeString(figures, "first.handshake=" + handshakes.get(0) + "\nsecond.handshake="
                    + handshakes.get(1) + "\n", StandardOpenOption.APPEND);

            assertThat(descriptorsHeldBy(server)).as("descriptors of 50 classes and what they reach")
                    .isGreaterThanOrEqualTo(CLASSES);
        }
        Properties timing = new Properties();
        try (var in = Files.newInputStream(figures)) {
            timing.load(in);
        }
        System.out.printf("Handshake with %d registered classes, one-nio active. First client in a fresh JVM: build()"
                + " and connect() %s ms, of which the logged handshake %s ms. Second client in the same JVM: build() and"
                + " connect() %s ms, handshake"
                + " %s ms%n", CLASSES, timing.get("first"), timing.get("first.handshake"), timing.get("second"),
                timing.get("second.handshake"));
        Files.copy(figures, Path.of("target", "handshake-timing.properties"), StandardCopyOption.REPLACE_EXISTING);
    }

    private static int descriptorsHeldBy(TestServer server) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(server.baseUri().resolve(SessionApi.ONE_NIO_DESCRIPTORS_PATH))
                .header("Authorization", "Bearer " + TestServer.TOKEN).build();
        byte[] body = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofByteArray()).body();
        return DescriptorBatch.decode(body).size();
    }

    /** 50 DTO classes, each with its own nested DTO, a shared enum, and a main that times two client builds. */
    private static List<String> generateSources(Path dir) throws Exception {
        Path pkg = Files.createDirectories(dir.resolve("gen"));
        List<String> files = new ArrayList<>();
        files.add(write(pkg.resolve("Kind.java"), "package gen;\npublic enum Kind { A, B, C }\n"));
        StringBuilder registered = new StringBuilder();
        for (int i = 0; i < CLASSES; i++) {
            String name = String.format("Dto%02d", i);
            files.add(write(pkg.resolve(name + ".java"), """
                    package gen;
                    public class %1$s implements java.io.Serializable {
                        public String name;
                        public long count%2$d;
                        public java.math.BigDecimal amount;
                        public java.time.LocalDate day;
                        public java.time.Instant at;
                        public Kind kind;
                        public Part part;
                        public java.util.List<String> tags;
                        public static class Part implements java.io.Serializable {
                            public String label%2$d;
                            public java.time.LocalDateTime when;
                        }
                    }
                    """.formatted(name, i)));
            registered.append(i == 0 ? "" : ", ").append(name).append(".class");
        }
        files.add(write(pkg.resolve("HandshakeTiming.java"), """
                package gen;
                import dev.sessiondata.client.SessionClient;
                import dev.sessiondata.serializer.SerializerSettings;
                import java.net.URI;
                import java.nio.file.Files;
                import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
                public final class HandshakeTiming {
                    public static void main(String[] args) throws Exception {
                        long first = build(args);
                        long second = build(args);
                        Files.writeString(Path.of(args[2]), "first=" + first + "\\nsecond=" + second + "\\n");
                    }
                    private static long build(String[] args) {
                        long start = System.nanoTime();
                        SessionClient.builder().baseUri(URI.create(args[0])).token(args[1])
                                .serializerSettings(SerializerSettings.builder().allowPackages("gen").build())
                                .registerClasses(%s)
                                .build()
                                .connect();
                        return (System.nanoTime() - start) / 1_000_000;
                    }
                }
                """.formatted(registered)));
        return files;
    }

    private static String write(Path file, String source) throws Exception {
        Files.writeString(file, source, StandardCharsets.UTF_8);
        return file.toString();
    }
}
