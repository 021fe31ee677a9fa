package dev.sessiondata.spring.boot;

/** This starter needs Spring Boot 4: {@code org.springframework.boot.EnvironmentPostProcessor} moved there in 4.0. */
final class SpringBoot4LineCheck extends SpringBootLineCheck {

    SpringBoot4LineCheck() {
        super("session-spring-boot-starter", "4.x", "org.springframework.boot.EnvironmentPostProcessor",
                "session-spring-boot3-starter", "3.5");
    }
}
