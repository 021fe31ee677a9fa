package dev.sessiondata.client.internal;

import dev.sessiondata.client.SerializerNotEnabledException;
import dev.sessiondata.client.SessionServiceException;

/**
 * The answer to a {@code 415} of a session write: the service switched serializers, or closed a migration window,
 * since this client chose. Asks {@code GET /serializers} (whose answer reaches the {@link SerializerChoice} through
 * {@link SerializerAnnouncements}, a later link), and when the choice then names another serializer, sends the value
 * once more in its bytes.
 */
public final class UnsupportedSerializerRetry implements Interceptor {

    private final SerializerChoice choice;

    public UnsupportedSerializerRetry(SerializerChoice choice) {
        this.choice = choice;
    }

    @Override
    public ApiResponse intercept(Chain chain) {
        ApiRequest request = chain.request();
        ApiResponse response = chain.proceed(request);
        SessionBody body = request.sessionBody();
        if (response.status() != 415 || body == null) {
            return response;
        }
        chain.proceed(SerializerAnnouncements.listing()).requireSuccess();
        String writer;
        try {
            writer = choice.listedWriter();
        } catch (SerializerNotEnabledException none) {
            SessionServiceException refused = Failures.of(response);
            refused.addSuppressed(none);
            throw refused;
        }
        if (writer.equals(body.serializerId())) {
            return response;
        }
        return chain.proceed(request.withSessionBody(body.encodedWith(writer)));
    }
}
