package dev.sessiondata.server.web;

import org.springframework.http.ReactiveHttpOutputMessage;
import org.springframework.web.reactive.function.BodyInserter;
import reactor.core.publisher.Mono;

/** Response bodies that are bytes already. */
public final class ByteBodies {

    private ByteBodies() {
    }

    /**
     * The array as the response body: wrapped, not copied, and without the codecs' writer lookup, since the bytes
     * are already what goes on the wire. The caller no longer changes the array.
     */
    public static BodyInserter<byte[], ReactiveHttpOutputMessage> of(byte[] data) {
        return (message, context) -> message.writeWith(Mono.just(message.bufferFactory().wrap(data)));
    }
}
