package dev.sessiondata.sample;

import dev.sessiondata.testsupport.RedisTarget;
import org.junit.jupiter.api.extension.ExtendWith;

/** Two instances of the sample on a service on Redis ({@link RedisTarget}), under a key prefix of its own. */
@ExtendWith(RedisTarget.class)
class TwoInstancesOnRedisIT extends TwoInstances {

    @Override
    String[] store() {
        return RedisTarget.storeFor(TwoInstancesOnRedisIT.class);
    }
}
