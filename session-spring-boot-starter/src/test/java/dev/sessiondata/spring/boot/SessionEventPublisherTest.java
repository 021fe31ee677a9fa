package dev.sessiondata.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.client.SessionEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.session.PrincipalNameIndexResolver;
import org.springframework.session.Session;
import org.springframework.session.events.AbstractSessionEvent;
import org.springframework.session.events.SessionDeletedEvent;
import org.springframework.session.events.SessionExpiredEvent;

/** The Spring Session events the publisher makes of the feed's events, and what their session tells. */
class SessionEventPublisherTest {

    private final List<Object> published = new ArrayList<>();
    private final SessionEventPublisher publisher = new SessionEventPublisher(published::add);

    @Test
    void theEndOfASessionWithAPrincipalCarriesItAsSpringSessionsPrincipalAttribute() {
        publisher.publish(new SessionEvent("s-1", SessionEvent.Kind.EXPIRED, Map.of("principal", "ada")));

        assertThat(published).singleElement().isInstanceOf(SessionExpiredEvent.class);
        Session session = ((AbstractSessionEvent) published.get(0)).getSession();
        assertThat(session.getId()).isEqualTo("s-1");
        assertThat(session.getAttributeNames())
                .containsExactly(FindByIndexNameSessionRepository.PRINCIPAL_NAME_INDEX_NAME);
        assertThat(session.<String>getAttribute(FindByIndexNameSessionRepository.PRINCIPAL_NAME_INDEX_NAME))
                .isEqualTo("ada");
        assertThat(new PrincipalNameIndexResolver<>().resolveIndexValueFor(session)).isEqualTo("ada");
    }

    @Test
    void theEndOfASessionWithoutAPrincipalCarriesNoAttribute() {
        publisher.publish(new SessionEvent("s-2", SessionEvent.Kind.DELETED));

        assertThat(published).singleElement().isInstanceOf(SessionDeletedEvent.class);
        assertThat(((AbstractSessionEvent) published.get(0)).getSession().getAttributeNames()).isEmpty();
    }
}
