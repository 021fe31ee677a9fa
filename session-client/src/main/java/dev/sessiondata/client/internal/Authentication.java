package dev.sessiondata.client.internal;

import java.util.concurrent.CompletionStage;

/** Adds the client's bearer token to every request. */
public final class Authentication implements Interceptor {

    private final String authorization;

    public Authentication(String token) {
        this.authorization = "Bearer " + token;
    }

    @Override
    public CompletionStage<ApiResponse> intercept(Chain chain) {
        return chain.proceed(chain.request().header("Authorization", authorization));
    }
}
