package dev.sessiondata.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.testsupport.ForkedJvm;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Micrometer is an optional dependency: without its jar the client builds, writes and reads, measuring nothing. */
class OptionalMicrometerTest {

    @TempDir
    Path temp;

    @Test
    void theClientWorksWithoutMicrometerOnTheClassPath() throws Exception {
        try (ScriptedServer server = ScriptedServer.start()) {
            server.enqueue(SessionClientTest.serializers("java"))
                    .enqueue(SessionClientTest.written(201, "v1", "java"))
                    .enqueue(SessionClientTest.stored("java", SessionClientTest.java("hello"), "v1"));
            List<String> withoutMicrometer = ForkedJvm.currentClassPath().stream()
                    .filter(entry -> !entry.contains("micrometer"))
                    .toList();

            ForkedJvm.Result run = ForkedJvm.run(withoutMicrometer, MicrometerFreeApplication.class.getName(),
                    temp.resolve("application.log"), server.uri().toString());

            assertThat(run.exitCode()).as(run.output()).isZero();
            assertThat(run.output()).contains("read: hello");
        }
    }
}
