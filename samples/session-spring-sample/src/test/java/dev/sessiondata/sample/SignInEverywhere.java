package dev.sessiondata.sample;

import static dev.sessiondata.sample.AppInstance.cookieOf;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Spring Security's concurrent-session control and "sign out everywhere" across two instances of the sample, over
 * real HTTP, with the sessions of a user found through the service's principal index. One subclass per store of the
 * service.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SignInEverywhere {

    /** What Spring Security's default expired-session strategy answers a request of an expired session with. */
    private static final String EXPIRED = "This session has been expired";

    private SampleDeployment deployment;
    private AppInstance a;
    private AppInstance b;

    /** The service's store properties. */
    abstract String[] store();

    @BeforeAll
    void start() {
        deployment = SampleDeployment.start(store());
        a = deployment.a();
        b = deployment.b();
    }

    @AfterAll
    void stop() {
        if (deployment != null) {
            deployment.close();
        }
    }

    private static String signIn(AppInstance instance, String user) {
        HttpResponse<String> signedIn = instance.send("POST", "/sign-in?username=" + user + "&password=" + user
                + "-secret", null);
        assertThat(signedIn.statusCode()).as("sign-in of %s", user).isEqualTo(302);
        assertThat(signedIn.headers().firstValue("Location")).hasValueSatisfying(to -> assertThat(to).doesNotContain("error"));
        return cookieOf(signedIn);
    }

    @Test
    void aSecondSignInOnTheOtherInstanceExpiresTheFirstSession() {
        String first = signIn(a, "ada");
        assertThat(b.send("GET", "/me", first).body()).isEqualTo("ada");

        String second = signIn(b, "ada");

        assertThat(a.send("GET", "/me", second).body()).isEqualTo("ada");
        HttpResponse<String> expired = a.send("GET", "/me", first);
        assertThat(expired.body()).startsWith(EXPIRED);
        assertThat(b.send("GET", "/me", first).statusCode()).as("the expired session is signed out").isEqualTo(401);
        assertThat(b.send("GET", "/me", second).body()).isEqualTo("ada");
    }

    /**
     * The session the second sign-in expired is still stored (marked expired) until a request of it comes: signing
     * out everywhere removes it with the current one.
     */
    @Test
    void signingOutEverywhereEndsEverySessionOfTheUserOnBothInstancesAndNoOtherUsers() {
        String expiredBob = signIn(a, "bob");
        String bob = signIn(b, "bob");
        String otherUser = signIn(a, "ada");

        HttpResponse<String> signedOut = a.send("POST", "/sign-out-everywhere", bob);

        assertThat(signedOut.body()).isEqualTo("2");
        assertThat(a.send("GET", "/me", bob).statusCode()).isEqualTo(401);
        assertThat(b.send("GET", "/me", bob).statusCode()).isEqualTo(401);
        assertThat(b.send("GET", "/me", expiredBob).statusCode()).isEqualTo(401);
        assertThat(b.send("GET", "/me", otherUser).body()).isEqualTo("ada");
    }
}
