package dev.sessiondata.client;

import org.jspecify.annotations.Nullable;

/**
 * The base of every failure the session client reports, so that a caller can catch one type: the service's
 * refusals ({@link SessionServiceException} and its subtypes), transport failures
 * ({@link SessionTransportException}), a stored serializer this client did not enable
 * ({@link SerializerNotEnabledException}), a session whose bytes fail their digest ({@link IntegrityException}) and
 * a registered class that cannot be written ({@link UnwritableClassException}, from {@code build()}). A payload that
 * cannot be read is the SPI's unchecked {@link dev.sessiondata.serializer.SerializationException}, which names the
 * serializer.
 */
public class SessionClientException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public SessionClientException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
