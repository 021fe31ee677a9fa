package dev.sessiondata.server;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** Starts the session-data service. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class SessionServerApplication {

    public static void main(String[] args) {
        SpringApplication.run(SessionServerApplication.class, args);
    }
}
