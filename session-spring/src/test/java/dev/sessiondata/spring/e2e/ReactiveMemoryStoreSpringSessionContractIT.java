package dev.sessiondata.spring.e2e;

import dev.sessiondata.client.SessionClient;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.spring.SessionDataReactiveSessionRepository;
import dev.sessiondata.spring.SessionDataSession;
import org.springframework.session.SessionRepository;

/** Spring Session's repository contract held to the reactive repository, on a server that keeps sessions in memory. */
class ReactiveMemoryStoreSpringSessionContractIT extends MemoryStoreSpringSessionContractIT {

    @Override
    SessionRepository<SessionDataSession> repository(SessionClient client, SerializerSettings settings) {
        return new BlockingReactiveRepository(new SessionDataReactiveSessionRepository(client, settings));
    }
}
