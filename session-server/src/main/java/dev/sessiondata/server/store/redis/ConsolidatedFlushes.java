package dev.sessiondata.server.store.redis;

import io.lettuce.core.resource.NettyCustomizer;
import io.netty.channel.Channel;
import io.netty.handler.flush.FlushConsolidationHandler;

/**
 * Lettuce's connections write the commands of every request that reached their I/O thread in one turn of its loop
 * with one system call, not one each. Each batch of {@link NativeRedis} is written and flushed by itself; under load
 * many requests' batches wait in the loop's queue together, and Redis then reads them with one call and answers
 * them with one write as well. A flush is only deferred to the end of the loop's current turn, never held longer.
 */
public final class ConsolidatedFlushes implements NettyCustomizer {

    @Override
    public void afterChannelInitialized(Channel channel) {
        // first in the pipeline: it sees every flush, Lettuce's own and TLS's alike, on its way to the socket
        channel.pipeline().addFirst(new FlushConsolidationHandler(
                FlushConsolidationHandler.DEFAULT_EXPLICIT_FLUSH_AFTER_FLUSHES, true));
    }
}
