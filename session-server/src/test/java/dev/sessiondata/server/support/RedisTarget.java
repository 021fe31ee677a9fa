package dev.sessiondata.server.support;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * The Redis the Redis tests use: {@code REDIS_URL} when set, else a Testcontainers Redis when a Docker engine
 * answers, else none, and then every test class that uses this condition is skipped with a loud reason on the
 * build's console.
 *
 * <p>The container's image is {@code SESSIONDATA_REDIS_IMAGE} when set (deploy/local/stack.sh sets its local image,
 * made from Debian's redis-server where no registry is reachable), else the public {@value #PUBLIC_IMAGE}. An engine
 * that answers but cannot start the container fails the tests: that is a broken setup, not a missing one.
 */
public final class RedisTarget implements ExecutionCondition {

    /** The environment variable that names the Testcontainers Redis image. */
    public static final String IMAGE_VARIABLE = "SESSIONDATA_REDIS_IMAGE";

    private static final String PUBLIC_IMAGE = "redis:7.4-alpine";

    private static final String SKIP_REASON = "Redis tests SKIPPED: REDIS_URL is not set and no Docker engine is "
            + "available for Testcontainers. Set REDIS_URL=redis://127.0.0.1:6379, or start an engine "
            + "(deploy/local/stack.sh run ... starts one where none runs), to run them.";

    private static final Found FOUND = find();

    /** The Redis URL; only call from a test class this condition enabled. */
    public static String url() {
        if (FOUND.url() == null) {
            throw new IllegalStateException("no Redis: " + SKIP_REASON);
        }
        return FOUND.url();
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        boolean testClass = context.getTestMethod().isEmpty();
        if (FOUND.url() != null) {
            if (testClass) {
                System.out.println(context.getDisplayName() + " runs on " + FOUND.description());
            }
            return ConditionEvaluationResult.enabled(FOUND.description());
        }
        if (testClass) {
            // Surefire and Failsafe keep a test's System.out and System.err in report files; the forked JVM's own
            // standard error is what they copy to the build's console.
            PrintStream console = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
            console.println("\n!!!!! " + context.getDisplayName() + ": " + SKIP_REASON + " !!!!!\n");
        }
        return ConditionEvaluationResult.disabled(SKIP_REASON);
    }

    /** Where the Redis is, or none, and a sentence that says which. */
    private record Found(@Nullable String url, String description) {}

    @SuppressWarnings("resource") // lives as long as the test JVM; the reaper (Ryuk, or the JVM hook without it) removes it
    private static Found find() {
        String url = System.getenv("REDIS_URL");
        if (url != null && !url.isBlank()) {
            return new Found(url.strip(), "the Redis at REDIS_URL " + url.strip());
        }
        if (!dockerAvailable()) {
            return new Found(null, SKIP_REASON);
        }
        String image = Optional.ofNullable(System.getenv(IMAGE_VARIABLE)).filter(name -> !name.isBlank())
                .orElse(PUBLIC_IMAGE);
        GenericContainer<?> redis = new GenericContainer<>(DockerImageName.parse(image).asCompatibleSubstituteFor("redis"))
                .withExposedPorts(6379);
        redis.start();
        String containerUrl = "redis://" + redis.getHost() + ":" + redis.getMappedPort(6379);
        return new Found(containerUrl, "a Testcontainers Redis from image " + image + " at " + containerUrl);
    }

    private static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }
}
