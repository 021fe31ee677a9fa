package dev.sessiondata.spring.boot;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Names the starter that fits the application's Spring Boot line. */
final class WrongSpringBootLineFailureAnalyzer extends AbstractFailureAnalyzer<WrongSpringBootLineException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, WrongSpringBootLineException cause) {
        return new FailureAnalysis(cause.getMessage(),
                "On Spring Boot " + cause.otherLine() + ", depend on dev.sessiondata:" + cause.otherStarter()
                        + " instead of dev.sessiondata:" + cause.starter() + " (same properties and beans); or move "
                        + "the application to Spring Boot " + cause.requiredLine() + ".",
                cause);
    }
}
