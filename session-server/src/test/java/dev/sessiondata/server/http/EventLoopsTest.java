package dev.sessiondata.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.DefaultEventLoop;
import io.netty.channel.EventLoop;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class EventLoopsTest {

    private final EventLoop loop = new DefaultEventLoop();

    @AfterEach
    void stop() {
        loop.shutdownGracefully(0, 0, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** The Redis store's connections answer on the request's own loop: no task is queued to the loop for it. */
    @Test
    void aStageCompletedOnTheLoopSignalsThereAtOnce() throws Exception {
        CompletableFuture<String> stage = new CompletableFuture<>();
        List<String> seen = new CopyOnWriteArrayList<>();
        EventLoops.resumeOn(loop, stage).subscribe(seen::add);

        boolean signalledBeforeTheTaskEnded = loop.submit(() -> {
            stage.complete("answer");
            return seen.contains("answer");
        }).get();

        assertThat(signalledBeforeTheTaskEnded).isTrue();
    }

    @Test
    void aStageCompletedElsewhereSignalsOnTheLoop() {
        CompletableFuture<String> stage = new CompletableFuture<>();
        CompletableFuture<Boolean> onLoop = new CompletableFuture<>();
        EventLoops.resumeOn(loop, stage).subscribe(value -> onLoop.complete(loop.inEventLoop()));

        stage.complete("answer");

        assertThat(onLoop.join()).isTrue();
    }
}
