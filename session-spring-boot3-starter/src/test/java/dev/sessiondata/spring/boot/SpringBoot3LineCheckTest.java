package dev.sessiondata.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.session.SessionAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.util.ClassUtils;

/**
 * An application on another Spring Boot line is told which starter it needs before anything fails to load; the
 * other line is simulated by hiding the Boot 3 class the check looks for.
 */
@ExtendWith(OutputCaptureExtension.class)
class SpringBoot3LineCheckTest {

    @Test
    void onSpringBoot3TheCheckPasses() {
        assertThatCode(() -> new SpringBoot3LineCheck().initialize(new GenericApplicationContext()))
                .doesNotThrowAnyException();
    }

    @Test
    void theClassSessionSpringBootStartersCheckLooksForIsAbsentOnSpringBoot35() {
        // what makes the Boot 4 starter's check stop a Boot 3.5 application (SpringBoot4LineCheck there)
        assertThat(ClassUtils.isPresent("org.springframework.boot.EnvironmentPostProcessor", null)).isFalse();
        assertThat(SpringBootVersion.getVersion()).startsWith("3.5.");
    }

    @Test
    void anApplicationOnAnotherLineFailsToStartNamingTheStarterForIt(CapturedOutput output) {
        SpringApplication application = new SpringApplication(Application.class);
        application.setWebApplicationType(WebApplicationType.NONE);
        application.setResourceLoader(new DefaultResourceLoader(
                new FilteredClassLoader(SessionAutoConfiguration.class)));

        assertThatThrownBy(application::run).isInstanceOf(WrongSpringBootLineException.class)
                .hasMessageStartingWith("session-spring-boot3-starter needs Spring Boot 3.5, but this application "
                        + "runs Spring Boot ");
        assertThat(output.getOut() + output.getErr())
                .contains("APPLICATION FAILED TO START")
                .contains("On Spring Boot 4.x, depend on dev.sessiondata:session-spring-boot-starter instead of "
                        + "dev.sessiondata:session-spring-boot3-starter");
    }

    @Configuration(proxyBeanMethods = false)
    static class Application {
    }
}
