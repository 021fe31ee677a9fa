package dev.sessiondata.client.internal;

import dev.sessiondata.api.SessionApi;
import java.util.concurrent.CompletionStage;

/**
 * Hands the {@link SerializerChoice} what answers say about the service's serializers: the active one, which every
 * answer names in a header, and the whole listing of a successful {@code GET /serializers}.
 */
public final class SerializerAnnouncements implements Interceptor {

    private final SerializerChoice choice;

    public SerializerAnnouncements(SerializerChoice choice) {
        this.choice = choice;
    }

    /** The request that asks the service for its serializers; its answer reaches the choice through this link. */
    public static ApiRequest listing() {
        return ApiRequest.get("serializers", SessionApi.SERIALIZERS_PATH, BoundedBody.ERROR_BODY_LIMIT);
    }

    @Override
    public CompletionStage<ApiResponse> intercept(Chain chain) {
        ApiRequest request = chain.request();
        return chain.proceed(request).thenApply(response -> {
            response.header(SessionApi.SERIALIZER_ACTIVE_HEADER)
                    .map(String::strip)
                    .filter(id -> !id.isEmpty())
                    .ifPresent(choice::announced);
            if (response.isSuccessful() && request.method().equals("GET")
                    && request.path().equals(SessionApi.SERIALIZERS_PATH)) {
                choice.listed(ServerSerializers.parse(response));
            }
            return response;
        });
    }
}
