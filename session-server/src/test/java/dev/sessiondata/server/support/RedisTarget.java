package dev.sessiondata.server.support;

import java.util.Optional;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;

/**
 * The Redis the Redis tests use: {@code REDIS_URL} when set, else a Testcontainers Redis when a Docker engine
 * answers, else none, and then every test class that uses this condition is skipped with a loud reason.
 */
public final class RedisTarget implements ExecutionCondition {

    private static final Optional<String> URL = find();

    /** The Redis URL; only call from a test class this condition enabled. */
    public static String url() {
        return URL.orElseThrow(() -> new IllegalStateException("no Redis: " + SKIP_REASON));
    }

    private static final String SKIP_REASON = "Redis tests SKIPPED: REDIS_URL is not set and no Docker engine is "
            + "available for Testcontainers. Set REDIS_URL=redis://127.0.0.1:6379 to run them.";

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (URL.isPresent()) {
            return ConditionEvaluationResult.enabled("Redis at " + URL.get());
        }
        System.err.println("\n!!!!! " + context.getDisplayName() + ": " + SKIP_REASON + " !!!!!\n");
        return ConditionEvaluationResult.disabled(SKIP_REASON);
    }

    @SuppressWarnings("resource") // the container lives as long as the test JVM; Testcontainers' reaper removes it
    private static Optional<String> find() {
        String url = System.getenv("REDIS_URL");
        if (url != null && !url.isBlank()) {
            return Optional.of(url.strip());
        }
        if (!dockerAvailable()) {
            return Optional.empty();
        }
        GenericContainer<?> redis = new GenericContainer<>("redis:7-alpine").withExposedPorts(6379);
        redis.start();
        return Optional.of("redis://" + redis.getHost() + ":" + redis.getMappedPort(6379));
    }

    private static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }
}
