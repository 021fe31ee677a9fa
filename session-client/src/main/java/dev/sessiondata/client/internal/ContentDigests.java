package dev.sessiondata.client.internal;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.client.MissingDigestException;
import java.util.List;

/**
 * The integrity fields of RFC 9530 on the wire ({@link ContentDigest} computes them): every session write carries
 * the {@code Content-Digest} of its bytes, and every successful answer that carries a {@code Repr-Digest} is checked
 * against it before anything reads its body. With {@code required}, a successful session read without a
 * {@code sha-256} {@code Repr-Digest} is refused.
 */
public final class ContentDigests implements Interceptor {

    private final boolean required;

    public ContentDigests(boolean required) {
        this.required = required;
    }

    @Override
    public ApiResponse intercept(Chain chain) {
        ApiRequest request = chain.request();
        SessionBody body = request.sessionBody();
        ApiResponse response = chain.proceed(body == null ? request
                : request.header(ContentDigest.CONTENT_DIGEST, ContentDigest.of(body.bytes())));
        if (response.isSuccessful()) {
            List<String> reprDigest = response.headers().allValues(ContentDigest.REPR_DIGEST);
            if (required && isSessionRead(request) && !ContentDigest.hasSha256(reprDigest)) {
                throw new MissingDigestException(response.request() + " answered a session without a sha-256 "
                        + ContentDigest.REPR_DIGEST + ", which this client requires");
            }
            ContentDigest.verify(response.request(), reprDigest, response.body());
        }
        return response;
    }

    private static boolean isSessionRead(ApiRequest request) {
        return request.method().equals("GET") && request.path().startsWith(SessionApi.SESSIONS_PATH + "/");
    }
}
