package dev.sessiondata.testsupport;

import io.lettuce.core.KeyScanCursor;
import io.lettuce.core.RedisClient;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * The Redis the tests use: {@code REDIS_URL} when set, else a Testcontainers Redis when a Docker engine answers,
 * else none, and then the test is skipped with a loud reason on the build's console. A whole test class uses it as
 * an extension ({@code @ExtendWith(RedisTarget.class)}); a single test calls {@link #onRedis}. That Redis is
 * shared: every test writes under a key prefix of its own and deletes every key under it, which
 * {@link #storeFor(Class)} and {@link #onRedis} do for it.
 *
 * <p>The container's image is {@code SESSIONDATA_REDIS_IMAGE} when set (deploy/local/stack.sh sets its local image,
 * made from Debian's redis-server where no registry is reachable), else the public {@value #PUBLIC_IMAGE}. An engine
 * that answers but cannot start the container fails the tests: that is a broken setup, not a missing one.
 */
public final class RedisTarget implements ExecutionCondition, AfterAllCallback {

    /** The environment variable that names the Testcontainers Redis image. */
    public static final String IMAGE_VARIABLE = "SESSIONDATA_REDIS_IMAGE";

    private static final String PUBLIC_IMAGE = "redis:7.4-alpine";

    private static final String SKIP_REASON = "Redis tests SKIPPED: REDIS_URL is not set and no Docker engine is "
            + "available for Testcontainers. Set REDIS_URL=redis://127.0.0.1:6379, or start an engine "
            + "(deploy/local/stack.sh run ... starts one where none runs), to run them.";

    /** The key prefix each test class using {@link #storeFor(Class)} writes under, until its keys are deleted. */
    private static final ConcurrentMap<Class<?>, String> CLASS_PREFIXES = new ConcurrentHashMap<>();

    /** Found on first use, so that a run without Redis tests never looks for a Docker engine. */
    private static final class Holder {
        static final Found FOUND = find();
    }

    /** A test body that runs against servers on one Redis, given their store properties. */
    public interface OnRedis {
        void run(String[] redisStore) throws Exception;
    }

    /** The Redis URL; skips the calling test, loudly, when there is none. */
    public static String url() {
        String url = Holder.FOUND.url();
        return url != null ? url : skipLoudly("a test");
    }

    /** A key prefix of this test's own, unique to this run. */
    public static String keyPrefix(Class<?> test) {
        return "sessiondata-" + test.getSimpleName() + "-" + UUID.randomUUID() + ":";
    }

    /**
     * The server properties of a Redis store under a key prefix of {@code testClass}'s own, the same for the whole
     * class; this extension deletes every key under it once the class's tests and its {@code @AfterAll} methods ran.
     */
    public static String[] storeFor(Class<?> testClass) {
        return store(CLASS_PREFIXES.computeIfAbsent(testClass, RedisTarget::keyPrefix));
    }

    /** The server properties of a Redis store on this Redis under {@code keyPrefix}. */
    public static String[] store(String keyPrefix) {
        return new String[] {"sessiondata.store.type=redis", "spring.data.redis.url=" + url(),
                "sessiondata.store.redis.key-prefix=" + keyPrefix};
    }

    /**
     * Runs {@code body} with the store properties of a key prefix of its own, then deletes every key under that
     * prefix, whatever the outcome; skips the test, saying why on the console, without a Redis.
     */
    public static void onRedis(Class<?> test, OnRedis body) throws Exception {
        if (Holder.FOUND.url() == null) {
            skipLoudly(test.getSimpleName());
        }
        String keyPrefix = keyPrefix(test);
        try {
            body.run(store(keyPrefix));
        } finally {
            deleteKeys(keyPrefix);
        }
    }

    /** Deletes every key under {@code keyPrefix}: tests share this Redis. */
    public static void deleteKeys(String keyPrefix) {
        RedisClient redis = RedisClient.create(url());
        try (StatefulRedisConnection<String, String> connection = redis.connect()) {
            RedisCommands<String, String> commands = connection.sync();
            ScanArgs match = ScanArgs.Builder.matches(keyPrefix + "*").limit(1000);
            for (KeyScanCursor<String> keys = commands.scan(match); ; keys = commands.scan(keys, match)) {
                if (!keys.getKeys().isEmpty()) {
                    commands.del(keys.getKeys().toArray(String[]::new));
                }
                if (keys.isFinished()) {
                    return;
                }
            }
        } finally {
            redis.shutdown();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        String keyPrefix = CLASS_PREFIXES.remove(context.getRequiredTestClass());
        if (keyPrefix != null) {
            deleteKeys(keyPrefix);
        }
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        boolean testClass = context.getTestMethod().isEmpty();
        Found found = Holder.FOUND;
        if (found.url() != null) {
            if (testClass) {
                System.out.println(context.getDisplayName() + " runs on " + found.description());
            }
            return ConditionEvaluationResult.enabled(found.description());
        }
        if (testClass) {
            console().println("\n!!!!! " + context.getDisplayName() + ": " + SKIP_REASON + " !!!!!\n");
        }
        return ConditionEvaluationResult.disabled(SKIP_REASON);
    }

    private static <V> V skipLoudly(String test) {
        console().println("\n!!!!! " + test + ": " + SKIP_REASON + " !!!!!\n");
        return Assumptions.abort(SKIP_REASON);
    }

    /**
     * The forked test JVM's own standard error: Surefire and Failsafe keep a test's System.out and System.err in
     * report files, and copy this one to the build's console.
     */
    private static PrintStream console() {
        return new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
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
