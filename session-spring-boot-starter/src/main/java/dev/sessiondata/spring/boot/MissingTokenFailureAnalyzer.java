package dev.sessiondata.spring.boot;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Names the variable or property to set when the application starts without its session-data token. */
final class MissingTokenFailureAnalyzer extends AbstractFailureAnalyzer<MissingTokenException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, MissingTokenException cause) {
        String action = cause.placeholder()
                .map(name -> "Set the environment variable " + name + " (or a property " + name + ") to the token "
                        + "the session-data service gave this application in its sessiondata.security.clients, or "
                        + "set " + MissingTokenException.PROPERTY + " to it directly.")
                .orElse("Set " + MissingTokenException.PROPERTY + " to the token the session-data service gave this "
                        + "application in its sessiondata.security.clients, for example "
                        + MissingTokenException.PROPERTY + "=${SESSIONDATA_TOKEN} with that environment variable set.");
        return new FailureAnalysis(cause.getMessage(), action, cause);
    }
}
