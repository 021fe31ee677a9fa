package dev.sessiondata.spring.e2e;

import dev.sessiondata.client.SessionClient;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.spring.SessionDataReactiveSessionRepository;
import dev.sessiondata.spring.SessionDataSession;
import dev.sessiondata.testsupport.RedisTarget;
import org.springframework.session.SessionRepository;

/** Spring Session's repository contract held to the reactive repository, on a server on Redis. */
class ReactiveRedisStoreSpringSessionContractIT extends RedisStoreSpringSessionContractIT {

    @Override
    String[] store() {
        return RedisTarget.storeFor(ReactiveRedisStoreSpringSessionContractIT.class);
    }

    @Override
    SessionRepository<SessionDataSession> repository(SessionClient client, SerializerSettings settings) {
        return new BlockingReactiveRepository(new SessionDataReactiveSessionRepository(client, settings));
    }
}
