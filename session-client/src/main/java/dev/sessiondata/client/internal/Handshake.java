package dev.sessiondata.client.internal;

import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * What a client learns from the service before it writes: the serializers it accepts (from
 * {@code GET /serializers}, whose answer the pipeline hands to the {@link SerializerChoice}), and, for the writer
 * chosen, the schema exchange. It happens once, on the first write or {@code connect()}; a handshake that fails for
 * want of the service leaves the client unconnected, so the next call tries again.
 */
public final class Handshake {

    private final Transport transport;
    private final SerializerChoice choice;
    private final SchemaExchanges schemas;
    private final URI baseUri;
    private final Object connectLock = new Object();
    private volatile boolean connected;

    public Handshake(Transport transport, SerializerChoice choice, SchemaExchanges schemas, URI baseUri) {
        this.transport = transport;
        this.choice = choice;
        this.schemas = schemas;
        this.baseUri = baseUri;
    }

    /** Performs the handshake unless it happened already; logs one line about it. */
    public void connect() {
        if (connected) {
            return;
        }
        synchronized (connectLock) {
            if (!connected) {
                long start = System.nanoTime();
                finish(askWriter(), start);
            }
        }
    }

    /**
     * As {@link #connect()}, without blocking for the listing: the stage completes once the handshake happened.
     * The schema exchange that follows for a serializer that needs one runs on the thread the listing's answer
     * arrived on (the HTTP client's, never the caller's), once per client.
     */
    public CompletableFuture<Void> connectAsync() {
        if (connected) {
            return CompletableFuture.completedFuture(null);
        }
        long start = System.nanoTime();
        return transport.sendAsync(SerializerAnnouncements.listing()).thenAccept(listing -> {
            listing.requireSuccess();
            String writer = choice.listedWriter();
            synchronized (connectLock) {
                if (!connected) {
                    finish(writer, start);
                }
            }
        });
    }

    private void finish(String writer, long start) {
        String exchanged = schemas.exchange(writer).orElse("no schema exchange");
        ClientLog.LOG.info("Session client ready for {} in {} ms: active serializer {} (accepted {}), "
                + "writing with {}, {}", baseUri, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start),
                choice.active(), choice.accepted(), writer, exchanged);
        connected = true;
    }

    /** The serializer to write with now; asks the service only when the active one is new and not this client's. */
    public String writer() {
        return choice.writer().orElseGet(this::askWriter);
    }

    /** As {@link #writer()}, asking the service without blocking when it must. */
    public CompletableFuture<String> writerAsync() {
        return choice.writer().map(CompletableFuture::completedFuture).orElseGet(() ->
                transport.sendAsync(SerializerAnnouncements.listing()).thenApply(listing -> {
                    listing.requireSuccess();
                    return choice.listedWriter();
                }));
    }

    /** The base URI, the active serializer as last announced and the enabled ones, for {@code toString}. */
    public String describe() {
        return baseUri + ", " + choice.describe();
    }

    /** Asks the service for its serializers now; the active one. */
    public String askActive() {
        transport.send(SerializerAnnouncements.listing()).requireSuccess();
        return choice.active();
    }

    /** Asks the service for its serializers now; the one this client writes with after that answer. */
    public String askWriter() {
        transport.send(SerializerAnnouncements.listing()).requireSuccess();
        return choice.listedWriter();
    }
}
