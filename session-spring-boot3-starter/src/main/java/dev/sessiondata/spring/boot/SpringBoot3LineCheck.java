package dev.sessiondata.spring.boot;

/**
 * This starter needs Spring Boot 3 (built and tested on 3.5): Boot 4 moved session support out of
 * {@code spring-boot-autoconfigure}, and with it {@code org.springframework.boot.autoconfigure.session}.
 */
final class SpringBoot3LineCheck extends SpringBootLineCheck {

    SpringBoot3LineCheck() {
        super("session-spring-boot3-starter", "3.5",
                "org.springframework.boot.autoconfigure.session.SessionAutoConfiguration",
                "session-spring-boot-starter", "4.x");
    }
}
