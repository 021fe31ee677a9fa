package dev.sessiondata.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.spring.SessionDataReactiveSessionRepository;
import dev.sessiondata.spring.SessionVersionToken;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpCookie;
import org.springframework.http.ResponseCookie;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * The version cookie of WebFlux applications: the request's token in the Reactor context, read from the request's
 * cookie, set on the response when the version changed, also by a save at the commit of an answer without a body.
 */
class SessionVersionWebFilterTest {

    private final SessionVersionWebFilter filter = new SessionVersionWebFilter();

    private static MockServerWebExchange exchange(String url, String cookieVersion) {
        return MockServerWebExchange.from(MockServerHttpRequest.get(url)
                .cookie(new HttpCookie(SessionVersionCookie.NAME, cookieVersion)));
    }

    /** What the repository does: the token of the request being served, from the Reactor context. */
    private static Mono<SessionVersionToken> token() {
        return Mono.deferContextual(context -> Mono.just(context.get(SessionDataReactiveSessionRepository.VERSION_TOKEN)));
    }

    @Test
    void aRequestReadsAtLeastItsCookiesVersionAndAResponseOfAnotherVersionSetsIt() {
        MockServerWebExchange exchange = exchange("/", "v1");
        List<String> requested = new ArrayList<>();

        filter.filter(exchange, served -> token().doOnNext(token -> {
            requested.add(token.requested("s1"));
            token.produced("s1", "v2");
        }).then()).block();

        assertThat(requested).containsExactly("v1");
        ResponseCookie set = exchange.getResponse().getCookies().getFirst(SessionVersionCookie.NAME);
        assertThat(set).isNotNull();
        assertThat(set.getValue()).isEqualTo("v2");
        assertThat(set.isHttpOnly()).isTrue();
        assertThat(set.isSecure()).isFalse();
        assertThat(set.getPath()).isEqualTo("/");
        assertThat(set.getSameSite()).isEqualTo("Lax");
    }

    @Test
    void theSameVersionSetsNoCookieAndALaterOneReplacesAnEarlier() {
        MockServerWebExchange same = exchange("/", "v1");
        filter.filter(same, served -> token().doOnNext(token -> token.produced("s1", "v1")).then()).block();
        assertThat(same.getResponse().getCookies().get(SessionVersionCookie.NAME)).isNull();

        MockServerWebExchange readThenWritten = exchange("/", "v0");
        filter.filter(readThenWritten, served -> token().doOnNext(token -> {
            token.produced("s1", "v1");
            token.produced("s1", "v2");
        }).then()).block();
        assertThat(readThenWritten.getResponse().getCookies().get(SessionVersionCookie.NAME))
                .extracting(ResponseCookie::getValue).containsExactly("v2");
    }

    /** Spring Session saves at the commit; without a body that commit is the filter's, inside the context. */
    @Test
    void aSaveAtTheCommitOfAnAnswerWithoutBodySetsTheCookie() {
        MockServerWebExchange exchange = exchange("https://app.example/", "v1");

        filter.filter(exchange, served -> {
            served.getResponse().beforeCommit(() -> token().doOnNext(token -> token.produced("s1", "v3")).then());
            return Mono.empty();
        }).block();

        assertThat(exchange.getResponse().isCommitted()).isTrue();
        ResponseCookie set = exchange.getResponse().getCookies().getFirst(SessionVersionCookie.NAME);
        assertThat(set).isNotNull();
        assertThat(set.getValue()).isEqualTo("v3");
        assertThat(set.isSecure()).as("a secure request's cookie").isTrue();
    }
}
