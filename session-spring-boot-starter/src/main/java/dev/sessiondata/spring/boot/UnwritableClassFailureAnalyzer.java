package dev.sessiondata.spring.boot;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.client.UnwritableClassException;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.function.Predicate;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Says which module to add when no serializer the application has can write its registered classes. The usual cause
 * is a missing module rather than the classes: without the module of the serializer the service writes with
 * (fory-shared unless the service's {@code sessiondata.serializer.active} names another), the client is left with
 * the JDK's serializer, which refuses every class that is not {@code Serializable}.
 */
final class UnwritableClassFailureAnalyzer extends AbstractFailureAnalyzer<UnwritableClassException> {

    private final Predicate<String> installed;

    UnwritableClassFailureAnalyzer() {
        this(SessionSerializers::isInstalled);
    }

    /** {@code installed} says whether a serializer id's module is on the class path. */
    UnwritableClassFailureAnalyzer(Predicate<String> installed) {
        this.installed = installed;
    }

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, UnwritableClassException cause) {
        String fallback = "or list in sessiondata.client.serializers only serializers that write these classes "
                + "(the refusals above say which cannot)";
        String id = KnownSerializers.DEFAULT_ACTIVE;
        String action = installed.test(id)
                ? "Make the registered classes writable by the serializer the service writes with, " + fallback + "."
                : "The session-data service writes with " + id + " unless its sessiondata.serializer.active names "
                        + "another, and this application does not have it: add " + KnownSerializers.GROUP_ID + ":"
                        + KnownSerializers.artifactOf(id).orElseThrow() + " (its version from "
                        + KnownSerializers.GROUP_ID + ":serializer-bom). With a service that writes with another "
                        + "serializer, add that serializer's module, " + fallback + ".";
        return new FailureAnalysis(cause.getMessage(), action, cause);
    }
}
