package dev.sessiondata.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.http.Cookie;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.session.web.http.SessionRepositoryFilter;

/** The version cookie: read from the request, set on the response when the version changed, inert elsewhere. */
class SessionVersionCookieTest {

    private final SessionVersionCookie cookie = new SessionVersionCookie();

    @Test
    void aRequestReadsAtLeastItsCookiesVersionAndAResponseOfAnotherVersionSetsIt() throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest();
        request.setCookies(new Cookie(SessionVersionCookie.NAME, "v1"));
        MockHttpServletResponse response = new MockHttpServletResponse();
        List<String> requested = new ArrayList<>();

        cookie.doFilter(request, response, (req, res) -> {
            requested.add(cookie.requested("s1"));
            cookie.produced("s1", "v2");
        });

        assertThat(requested).containsExactly("v1");
        Cookie set = response.getCookie(SessionVersionCookie.NAME);
        assertThat(set).isNotNull();
        assertThat(set.getValue()).isEqualTo("v2");
        assertThat(set.isHttpOnly()).isTrue();
        assertThat(set.getPath()).isEqualTo("/");
        assertThat(set.getAttribute("SameSite")).isEqualTo("Lax");
    }

    @Test
    void theSameVersionSetsNoCookie() throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest();
        request.setCookies(new Cookie(SessionVersionCookie.NAME, "v1"));
        MockHttpServletResponse response = new MockHttpServletResponse();

        cookie.doFilter(request, response, (req, res) -> cookie.produced("s1", "v1"));

        assertThat(response.getCookie(SessionVersionCookie.NAME)).isNull();
    }

    @Test
    void outsideARequestItCarriesNothing() {
        assertThat(cookie.requested("s1")).isNull();
        cookie.produced("s1", "v1");
    }

    @Test
    void itRunsJustBeforeSpringSessionsFilter() {
        assertThat(cookie.getOrder()).isLessThan(SessionRepositoryFilter.DEFAULT_ORDER);
    }
}
