package dev.sessiondata.server.serializer;

import dev.sessiondata.server.http.ApiRequest;
import dev.sessiondata.server.http.Link;
import dev.sessiondata.server.http.NettyHeaders;
import io.netty.util.AsciiString;
import org.jspecify.annotations.Nullable;

/**
 * Puts {@code Session-Serializer-Active} on every API answer, refusals and problems included, before anything else
 * is decided: a client learns of an operator's switch from whatever answer it gets next.
 */
public final class ActiveSerializerHeader implements Link {

    private final AsciiString active;

    public ActiveSerializerHeader(SerializerPolicy serializers) {
        this.active = AsciiString.cached(serializers.active());
    }

    @Override
    public @Nullable Runnable enter(ApiRequest request) {
        if (request.isApi()) {
            request.answerHeaders().set(NettyHeaders.SERIALIZER_ACTIVE, active);
        }
        return null;
    }
}
