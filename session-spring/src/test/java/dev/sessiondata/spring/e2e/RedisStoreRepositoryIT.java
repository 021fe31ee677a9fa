package dev.sessiondata.spring.e2e;

import java.util.UUID;
import org.junit.jupiter.api.AfterAll;

/** The repository's semantics on a server on Redis ({@code REDIS_URL}), under a key prefix of its own. */
class RedisStoreRepositoryIT extends RepositorySemantics {

    private final String keyPrefix = "sessiondata-spring-RedisStoreRepositoryIT-" + UUID.randomUUID() + ":";

    @Override
    String[] store() {
        return ServerProcess.redisStore(keyPrefix);
    }

    @AfterAll
    void deleteKeys() {
        ServerProcess.deleteRedisKeys(keyPrefix);
    }
}
