package dev.sessiondata.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The client's API is the public types outside {@code dev.sessiondata.client.internal}: this list. A type added to
 * it, or made public by accident, fails here, so that the API only grows on purpose. Everything in {@code internal}
 * may change in any release.
 */
class PublicApiTest {

    /**
     * {@code AsyncSessionClient} joined as the non-blocking view of {@code SessionClient} ({@code async()}), for
     * reactive applications: a separate view, as Caffeine keeps {@code AsyncCache} apart from {@code Cache}, rather
     * than non-blocking verbs mixed into the blocking client.
     */
    private static final List<String> API = List.of(
            "dev.sessiondata.client.AsyncSessionClient",
            "dev.sessiondata.client.ConflictException",
            "dev.sessiondata.client.ForbiddenException",
            "dev.sessiondata.client.IndexedSession",
            "dev.sessiondata.client.IntegrityException",
            "dev.sessiondata.client.MissingDigestException",
            "dev.sessiondata.client.OutcomeUnknownException",
            "dev.sessiondata.client.PayloadTooLargeException",
            "dev.sessiondata.client.Problem",
            "dev.sessiondata.client.ReadOptions",
            "dev.sessiondata.client.SerializerNotEnabledException",
            "dev.sessiondata.client.ServiceUnavailableException",
            "dev.sessiondata.client.SessionClient",
            "dev.sessiondata.client.SessionClientBuilder",
            "dev.sessiondata.client.SessionClientException",
            "dev.sessiondata.client.SessionEvent",
            "dev.sessiondata.client.SessionEvent.Kind",
            "dev.sessiondata.client.SessionEventFeed",
            "dev.sessiondata.client.SessionExistsException",
            "dev.sessiondata.client.SessionNotFoundException",
            "dev.sessiondata.client.SessionServiceException",
            "dev.sessiondata.client.SessionTransportException",
            "dev.sessiondata.client.UnauthorizedException",
            "dev.sessiondata.client.UnsupportedSerializerException",
            "dev.sessiondata.client.UnwritableClassException",
            "dev.sessiondata.client.Versioned",
            "dev.sessiondata.client.WriteOptions");

    @Test
    void thePublicTypesOutsideTheInternalPackagesAreExactlyTheApi() throws IOException, URISyntaxException {
        Path classes = Path.of(SessionClient.class.getProtectionDomain().getCodeSource().getLocation().toURI());

        List<String> visible;
        try (Stream<Path> files = Files.walk(classes)) {
            visible = files.map(classes::relativize).map(Path::toString)
                    .filter(name -> name.endsWith(".class") && !name.endsWith("package-info.class"))
                    .map(name -> name.substring(0, name.length() - ".class".length()).replace('/', '.')
                            .replace('\\', '.'))
                    .filter(name -> !name.startsWith("dev.sessiondata.client.internal."))
                    .filter(PublicApiTest::isPublic)
                    .map(name -> name.replace('$', '.'))
                    .sorted()
                    .toList();
        }

        assertThat(visible).containsExactlyElementsOf(API);
    }

    /** Whether code outside the client can name the type: it and every type enclosing it are public. */
    private static boolean isPublic(String binaryName) {
        try {
            for (Class<?> type = Class.forName(binaryName, false, PublicApiTest.class.getClassLoader()); type != null;
                    type = type.getEnclosingClass()) {
                if (!Modifier.isPublic(type.getModifiers()) || type.isAnonymousClass()) {
                    return false;
                }
            }
            return true;
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("a class file without its class: " + binaryName, e);
        }
    }
}
