package dev.sessiondata.client.internal;

/** Adds the client's bearer token to every request. */
public final class Authentication implements Interceptor {

    private final String authorization;

    public Authentication(String token) {
        this.authorization = "Bearer " + token;
    }

    @Override
    public ApiResponse intercept(Chain chain) {
        return chain.proceed(chain.request().header("Authorization", authorization));
    }
}
