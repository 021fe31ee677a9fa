package dev.sessiondata.spring.boot;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.SpringBootVersion;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.util.ClassUtils;

/**
 * Stops the start of an application whose Spring Boot is not the line this starter was built for, before any
 * auto-configuration is loaded, with a {@link WrongSpringBootLineException} that
 * {@link WrongSpringBootLineFailureAnalyzer} turns into "use the other starter". Registered in
 * {@code META-INF/spring.factories}, so it runs in every application that has the starter, whatever it configures.
 * The line is told by a class of {@code spring-boot} or {@code spring-boot-autoconfigure} that only that line has:
 * those two jars come at the application's Boot version, while the starter's other Boot dependencies could come at
 * the starter's.
 */
abstract class SpringBootLineCheck implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    private final String starter;
    private final String line;
    private final String lineOnlyClass;
    private final String otherStarter;
    private final String otherLine;

    SpringBootLineCheck(String starter, String line, String lineOnlyClass, String otherStarter, String otherLine) {
        this.starter = starter;
        this.line = line;
        this.lineOnlyClass = lineOnlyClass;
        this.otherStarter = otherStarter;
        this.otherLine = otherLine;
    }

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        if (!ClassUtils.isPresent(lineOnlyClass, context.getClassLoader())) {
            throw new WrongSpringBootLineException(starter, line, runningVersion(), otherStarter, otherLine);
        }
    }

    /** From the {@code spring-boot} jar's manifest; none when the application was repackaged without it. */
    private static @Nullable String runningVersion() {
        return SpringBootVersion.getVersion();
    }
}
