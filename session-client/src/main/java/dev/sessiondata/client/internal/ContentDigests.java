package dev.sessiondata.client.internal;

import java.util.concurrent.CompletionStage;

/**
 * The integrity fields of RFC 9530 on the wire ({@link ContentDigest} computes them): every session write carries
 * the {@code Content-Digest} of its bytes, and every successful answer that carries a {@code Repr-Digest} is checked
 * against it before anything reads its body.
 */
public final class ContentDigests implements Interceptor {

    @Override
    public CompletionStage<ApiResponse> intercept(Chain chain) {
        ApiRequest request = chain.request();
        SessionBody body = request.sessionBody();
        return chain.proceed(body == null ? request
                : request.header(ContentDigest.CONTENT_DIGEST, ContentDigest.of(body.bytes()))).thenApply(response -> {
                    if (response.isSuccessful()) {
                        ContentDigest.verify(response.request(),
                                response.headers().allValues(ContentDigest.REPR_DIGEST), response.body());
                    }
                    return response;
                });
    }
}
