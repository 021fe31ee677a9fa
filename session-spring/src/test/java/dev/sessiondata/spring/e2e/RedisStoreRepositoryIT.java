package dev.sessiondata.spring.e2e;

import dev.sessiondata.testsupport.RedisTarget;
import org.junit.jupiter.api.extension.ExtendWith;

/** The repository's semantics on a server on Redis ({@link RedisTarget}), under a key prefix of its own. */
@ExtendWith(RedisTarget.class)
class RedisStoreRepositoryIT extends RepositorySemantics {

    @Override
    String[] store() {
        return RedisTarget.storeFor(RedisStoreRepositoryIT.class);
    }
}
