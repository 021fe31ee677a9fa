package dev.sessiondata.server.config;

import dev.sessiondata.server.serializer.SerializerConfigurationException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns a serializer configuration that cannot work into Spring Boot's "APPLICATION FAILED TO START" report. */
class SerializerConfigurationFailureAnalyzer extends AbstractFailureAnalyzer<SerializerConfigurationException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, SerializerConfigurationException cause) {
        return new FailureAnalysis(cause.getMessage(),
                "Set sessiondata.serializer.active to one of " + cause.available()
                        + " and make sessiondata.serializer.accepted (empty: all of them) include it; a serializer "
                        + "whose library is missing needs that library on the class path.", cause);
    }
}
