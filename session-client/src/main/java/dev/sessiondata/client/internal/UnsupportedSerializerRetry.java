package dev.sessiondata.client.internal;

import dev.sessiondata.client.SerializerNotEnabledException;
import dev.sessiondata.client.SessionServiceException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

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
    public CompletionStage<ApiResponse> intercept(Chain chain) {
        ApiRequest request = chain.request();
        SessionBody body = request.sessionBody();
        return chain.proceed(request).thenCompose(response -> {
            if (response.status() != 415 || body == null) {
                return CompletableFuture.completedFuture(response);
            }
            return chain.proceed(SerializerAnnouncements.listing()).thenCompose(listing -> {
                listing.requireSuccess();
                String writer;
                try {
                    writer = choice.listedWriter();
                } catch (SerializerNotEnabledException none) {
                    SessionServiceException refused = Failures.of(response);
                    refused.addSuppressed(none);
                    throw refused;
                }
                if (writer.equals(body.serializerId())) {
                    return CompletableFuture.completedFuture(response);
                }
                return chain.proceed(request.withSessionBody(body.encodedWith(writer)));
            });
        });
    }
}
