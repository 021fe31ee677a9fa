package dev.sessiondata.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

/** An application whose token placeholder nothing resolved does not start, and Boot's report names what to set. */
@ExtendWith(OutputCaptureExtension.class)
class MissingTokenFailureAnalyzerTest {

    /** A variable no environment sets, so the placeholder stays unresolved wherever the test runs. */
    private static final String VARIABLE = "SESSIONDATA_TOKEN_NO_ENVIRONMENT_SETS";

    @Test
    void anUnresolvedTokenPlaceholderFailsTheStartupNamingThePropertyAndTheVariable(CapturedOutput output) {
        SpringApplication application = new SpringApplication(Application.class);
        assertThatThrownBy(() -> application.run("--server.port=0", "--sessiondata.client.base-uri=http://127.0.0.1:1",
                "--sessiondata.client.token=${" + VARIABLE + "}"))
                .hasRootCauseInstanceOf(MissingTokenException.class);
        assertThat(output.getOut() + output.getErr())
                .contains("APPLICATION FAILED TO START")
                .contains("sessiondata.client.token is '${" + VARIABLE + "}', which nothing resolved")
                .contains("Set the environment variable " + VARIABLE);
    }

    @Test
    void aPlaceholderWithAnEmptyDefaultIsAMissingTokenToo() {
        assertThatThrownBy(() -> MissingTokenException.requireToken(""))
                .isInstanceOf(MissingTokenException.class)
                .satisfies(failure -> assertThat(((MissingTokenException) failure).placeholder()).isEmpty());
        assertThat(MissingTokenException.requireToken("a-real-token")).isEqualTo("a-real-token");
    }

    @Test
    void anUnsetTokenIsAnalysedWithAnExampleOfTheProperty() {
        MissingTokenException missing = catchMissing(null);
        FailureAnalysis analysis = new MissingTokenFailureAnalyzer().analyze(new IllegalStateException(missing));
        assertThat(analysis.getDescription()).contains("sessiondata.client.token is required");
        assertThat(analysis.getAction()).contains("sessiondata.client.token=${SESSIONDATA_TOKEN}");
    }

    private static MissingTokenException catchMissing(String token) {
        try {
            MissingTokenException.requireToken(token);
        } catch (MissingTokenException missing) {
            return missing;
        }
        throw new AssertionError("no MissingTokenException for " + token);
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {
    }
}
