package dev.sessiondata.spring.e2e;

import dev.sessiondata.testsupport.RedisTarget;
import org.junit.jupiter.api.extension.ExtendWith;

/** Spring Session's repository contract on a server on Redis ({@link RedisTarget}), under a key prefix of its own. */
@ExtendWith(RedisTarget.class)
class RedisStoreSpringSessionContractIT extends SpringSessionContract {

    @Override
    String[] store() {
        return RedisTarget.storeFor(RedisStoreSpringSessionContractIT.class);
    }
}
