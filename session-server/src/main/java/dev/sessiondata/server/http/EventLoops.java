package dev.sessiondata.server.http;

import io.netty.channel.EventLoop;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import reactor.core.publisher.Mono;

/**
 * Brings a request's work back onto the event loop of its connection.
 *
 * <p>A store answers on its own threads (Lettuce's I/O thread, a bounded elastic thread). Writing the response from
 * there lets the client's next request on the same keep-alive connection arrive before Reactor Netty has finished
 * the previous exchange on the connection's loop; Reactor Netty then buffers that request, and under concurrency a
 * buffered request was seen never to be served (the server tests' 16 threads on one counter hung for 30 s). On the
 * connection's own loop the response and the next request are ordered, as they are for the memory store, which
 * answers there anyway.
 */
final class EventLoops {

    private static final BiConsumer<Object, Throwable> NOTHING = (value, failure) -> {
    };

    private EventLoops() {
    }

    /**
     * The stage as a {@link Mono} that signals on {@code loop}; a completed stage signals at once, and so does one
     * completed on {@code loop} itself (the Redis store's connections answer on the request's own loop), without a
     * task queued to the loop it already runs on.
     */
    static <T> Mono<T> resumeOn(EventLoop loop, CompletionStage<T> stage) {
        return resumeOn(onLoop(loop), stage);
    }

    private static <T> Mono<T> resumeOn(Executor loop, CompletionStage<T> stage) {
        if (stage instanceof CompletableFuture<T> future && future.isDone() && !future.isCompletedExceptionally()) {
            T value = future.getNow(null);
            return value == null ? Mono.empty() : Mono.just(value);
        }
        return Mono.fromCompletionStage(stage.whenCompleteAsync(NOTHING, loop));
    }

    /** Runs a task at once when called on {@code loop}, else queues it there. */
    private static Executor onLoop(EventLoop loop) {
        return task -> {
            if (loop.inEventLoop()) {
                task.run();
            } else {
                loop.execute(task);
            }
        };
    }
}
