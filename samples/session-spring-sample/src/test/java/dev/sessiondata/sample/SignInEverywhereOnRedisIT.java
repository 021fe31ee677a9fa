package dev.sessiondata.sample;

import dev.sessiondata.testsupport.RedisTarget;
import org.junit.jupiter.api.extension.ExtendWith;

/** Concurrent-session control and sign-out everywhere on a service on Redis, under a key prefix of its own. */
@ExtendWith(RedisTarget.class)
class SignInEverywhereOnRedisIT extends SignInEverywhere {

    @Override
    String[] store() {
        return RedisTarget.storeFor(SignInEverywhereOnRedisIT.class);
    }
}
