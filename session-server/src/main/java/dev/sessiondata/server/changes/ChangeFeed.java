package dev.sessiondata.server.changes;

import dev.sessiondata.server.store.PartitionHead;
import dev.sessiondata.server.store.SessionChange;
import dev.sessiondata.server.store.SessionChanges;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

/**
 * Fans a store's change feed out to the subscribers of this instance: each subscriber starts at a position (the
 * one it resumes from, or the feed's head), gets the changes after it in sequence order per partition, a heartbeat
 * every {@link ChangeFeedProperties#heartbeat()}, and is cut with a {@code reset} when its position breaks (a new
 * epoch, a gap in the sequence) or when it has {@link ChangeFeedProperties#buffer()} events waiting: a subscriber
 * never holds more than that. The stream ends after a {@code reset}; the client starts a new one from the head.
 *
 * <p>A subscriber may name its application group: each change that begins or ends a session (a create, a delete, an
 * expiry) is then claimed for that group in the store ({@link SessionChanges#claim}), and the subscriber whose claim
 * came first, through whichever instance, gets its copy marked {@code "publish":true}: the one of the group's
 * subscribers that publishes the application's event. Every subscriber still gets every change; a claimed change
 * waits for its claim's answer, and the changes after it wait behind it, so the order stays the store's.
 *
 * <p>The feed hands the store's changes to its streams at most once per {@link ChangeFeedProperties#writeInterval()},
 * lengthened with many streams so that they are written to at most {@link ChangeFeedProperties#writesPerSecond()}
 * times a second together: a change that comes sooner after the last hand-over waits for the interval's end and
 * goes with the others that came meanwhile, as one {@link FeedSegment}; a change that finds the feed quiet goes at
 * once. The streams that follow the store's head (all but those catching up, or waiting for a claim) take a segment
 * whole and send the same {@link FeedBatch}, made and encoded once: the feed's work per change does not grow with
 * its streams, and a stream costs one write to its socket per interval (on loopback, the kernel's delivery to the
 * reader too), not one per change. A stream elsewhere is given the segment's changes one by one, and gathers them for its own next write
 * (at most one per interval too).
 *
 * <p>The feed listens to the store only while it has subscribers: with none, the store's changes are not read at
 * all.
 *
 * <p>Metrics: {@code sessiondata.changes.published} (changes this instance's feed received),
 * {@code sessiondata.changes.subscribers}, {@code sessiondata.changes.resets{reason}} and
 * {@code sessiondata.changes.lag} (from the store's commit to the event's first hand-over to a connection) and
 * {@code sessiondata.changes.claims{outcome}} (won, lost, failed: a failed claim publishes nothing).
 */
public final class ChangeFeed implements SessionChanges.ChangeListener, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ChangeFeed.class);

    private final SessionChanges changes;
    private final ChangeFeedProperties properties;
    private final Clock clock;
    private final Set<Subscriber> subscribers = ConcurrentHashMap.newKeySet();
    private final Map<String, AtomicInteger> perClient = new ConcurrentHashMap<>();
    /** Sends the heartbeats and the writes that wait for their stream's interval. */
    private final ScheduledExecutorService writes;
    private @Nullable AutoCloseable listening;
    private boolean closed;
    /** Held while a segment is handed to the streams: they must take the segments in the order they were read. */
    private final Object handing = new Object();
    /** Guards the changes that wait for the next hand-over, and when it is. */
    private final Object waiting = new Object();
    private List<ChangeEvents> pending = new ArrayList<>();
    /** The next hand-over, while one is scheduled. */
    private @Nullable ScheduledFuture<?> nextHandOver;
    private long lastHandOverNanos;
    private final Counter published;
    private final MeterRegistry registry;
    private final Timer lag;
    /** The last event of the write whose lag was recorded last. */
    private final AtomicReference<@Nullable FeedEvent> lastTimed = new AtomicReference<>();
    private final Counter claimsWon;
    private final Counter claimsLost;
    private final Counter claimsFailed;

    public ChangeFeed(SessionChanges changes, ChangeFeedProperties properties, Clock clock, MeterRegistry registry) {
        this.changes = changes;
        this.properties = properties;
        this.clock = clock;
        this.registry = registry;
        this.published = Counter.builder("sessiondata.changes.published")
                .description("Session changes this instance's change feed received from the store")
                .register(registry);
        this.lag = Timer.builder("sessiondata.changes.lag")
                .description("From a change's commit in the store to its event's first hand-over to a subscriber's connection")
                .publishPercentiles(0.5, 0.99)
                .register(registry);
        this.claimsWon = claims("won", registry);
        this.claimsLost = claims("lost", registry);
        this.claimsFailed = claims("failed", registry);
        Gauge.builder("sessiondata.changes.subscribers", subscribers, Set::size)
                .description("Open change feed streams of this instance")
                .register(registry);
        this.writes = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "change-feed-writes");
            thread.setDaemon(true);
            return thread;
        });
        this.lastHandOverNanos = System.nanoTime() - properties.writeInterval().toNanos();
        long every = properties.heartbeat().toMillis();
        writes.scheduleAtFixedRate(() -> subscribers.forEach(Subscriber::heartbeat), every, every,
                TimeUnit.MILLISECONDS);
    }

    private static Counter claims(String outcome, MeterRegistry registry) {
        return Counter.builder("sessiondata.changes.claims")
                .description("Claims of a session's beginning or end for a subscriber's application group")
                .tag("outcome", outcome)
                .register(registry);
    }

    /**
     * A stream of events for {@code client}, resuming from {@code lastEventId} (a position of an earlier stream, or
     * null for the head), with the changes this subscriber is to publish for application {@code group} marked (none
     * when null). Fails with {@link SubscriberLimitException} when the client holds as many as it may.
     */
    public Flux<FeedBatch> subscribe(String client, @Nullable String lastEventId, @Nullable String group) {
        AtomicInteger held = perClient.computeIfAbsent(client, name -> new AtomicInteger());
        if (held.incrementAndGet() > properties.maxSubscribersPerClient()) {
            held.decrementAndGet();
            throw new SubscriberLimitException(client, properties.maxSubscribersPerClient());
        }
        Subscriber subscriber = new Subscriber(changes.partitions(), group);
        // listening first: the store's tail starts from heads read before this subscriber's own
        added(subscriber);
        changes.heads().thenCompose(heads -> start(heads, lastEventId)).whenComplete((start, failure) -> {
            if (failure != null) {
                LOG.warn("A change feed stream could not start", failure);
                subscriber.fail(failure);
            } else {
                subscriber.start(start);
            }
        });
        return subscriber.sink.asFlux()
                .doOnNext(batch -> {
                    subscriber.handedOver(batch);
                    timeOnce(batch);
                })
                .doFinally(signal -> {
                    removed(subscriber);
                    held.decrementAndGet();
                });
    }

    /**
     * Records the lag of a write's changes once, not once per stream: the streams at one position are handed the same
     * write one after another, and share its last event (the one that carries the position). Recorded per stream,
     * every change cost one timer record per subscriber, on one timer all the streams' threads share.
     */
    private void timeOnce(FeedBatch batch) {
        List<FeedEvent> events = batch.events();
        if (events.isEmpty()) {
            return;
        }
        FeedEvent last = events.get(events.size() - 1);
        if (lastTimed.getAndSet(last) == last) {
            return;
        }
        long now = clock.millis();
        for (FeedEvent event : events) {
            if (event.committedAtMillis() > 0) {
                lag.record(Math.max(0, now - event.committedAtMillis()), TimeUnit.MILLISECONDS);
            }
        }
    }

    private synchronized void added(Subscriber subscriber) {
        if (closed) {
            // the server stops: a stream asked for meanwhile ends at once, and its client resumes elsewhere
            subscriber.end();
            return;
        }
        if (listening == null) {
            listening = changes.listen(this);
        }
        subscribers.add(subscriber);
    }

    private synchronized void removed(Subscriber subscriber) {
        subscribers.remove(subscriber);
        if (subscribers.isEmpty() && listening != null) {
            stopListening();
        }
    }

    private void stopListening() {
        try {
            listening.close();
        } catch (Exception e) {
            LOG.warn("The change feed could not stop listening to the store", e);
        }
        listening = null;
    }

    /** Where a stream starts: the resumed position and the changes after it, or the head after a reset. */
    private record Start(@Nullable String reset, List<PartitionHead> position, List<SessionChange> catchUp) {
    }

    private CompletionStage<Start> start(List<PartitionHead> heads, @Nullable String lastEventId) {
        if (lastEventId == null || lastEventId.isEmpty()) {
            return CompletableFuture.completedFuture(new Start(null, heads, List.of()));
        }
        Optional<List<PartitionHead>> parsed = FeedPosition.parse(lastEventId, heads.size());
        if (parsed.isEmpty()) {
            return CompletableFuture.completedFuture(new Start("malformed", heads, List.of()));
        }
        List<PartitionHead> position = parsed.get();
        List<CompletableFuture<Optional<List<SessionChange>>>> missed = new ArrayList<>();
        for (int p = 0; p < heads.size(); p++) {
            PartitionHead at = position.get(p);
            if (!at.epoch().equals(heads.get(p).epoch())) {
                return CompletableFuture.completedFuture(new Start("epoch", heads, List.of()));
            }
            if (at.sequence() > heads.get(p).sequence()) {
                return CompletableFuture.completedFuture(new Start("malformed", heads, List.of()));
            }
            missed.add(at.sequence() == heads.get(p).sequence() ? CompletableFuture.completedFuture(Optional.of(List.of()))
                    : changes.since(p, at, properties.buffer() + 1).toCompletableFuture());
        }
        return CompletableFuture.allOf(missed.toArray(CompletableFuture[]::new)).thenApply(done -> {
            List<SessionChange> catchUp = new ArrayList<>();
            for (CompletableFuture<Optional<List<SessionChange>>> partition : missed) {
                Optional<List<SessionChange>> found = partition.join();
                if (found.isEmpty()) {
                    return new Start("trimmed", heads, List.of());
                }
                catchUp.addAll(found.get());
            }
            return new Start(null, position, catchUp);
        });
    }

    @Override
    public void changed(List<SessionChange> changes) {
        if (changes.isEmpty()) {
            return;
        }
        published.increment(changes.size());
        List<ChangeEvents> events = new ArrayList<>(changes.size());
        for (SessionChange change : changes) {
            events.add(new ChangeEvents(change));
        }
        if (properties.writeInterval().isZero()) {
            synchronized (handing) {
                handOver(events);
            }
            return;
        }
        synchronized (waiting) {
            pending.addAll(events);
            if (pending.size() > properties.buffer() && nextHandOver != null && nextHandOver.cancel(false)) {
                // more than a stream may hold: handed over now, which cuts the streams that cannot take them all,
                // rather than held for the interval's rest
                nextHandOver = null;
            }
            if (nextHandOver != null) {
                return;
            }
            long wait = pending.size() > properties.buffer() ? 0
                    : Math.max(0, lastHandOverNanos + properties.handOverIntervalNanos(subscribers.size())
                            - System.nanoTime());
            try {
                nextHandOver = writes.schedule(this::handOverPending, wait, TimeUnit.NANOSECONDS);
            } catch (RejectedExecutionException stopped) {
                // the feed is closed: its streams have ended, nobody is to be told
                pending.clear();
            }
        }
    }

    /** Hands the changes that waited for the interval's end to the streams, as one segment. */
    private void handOverPending() {
        synchronized (handing) {
            List<ChangeEvents> taken;
            synchronized (waiting) {
                taken = pending;
                pending = new ArrayList<>();
                nextHandOver = null;
                lastHandOverNanos = System.nanoTime();
            }
            if (!taken.isEmpty()) {
                handOver(taken);
            }
        }
    }

    private void handOver(List<ChangeEvents> events) {
        FeedSegment segment = new FeedSegment(events, changes.partitions());
        for (Subscriber subscriber : subscribers) {
            subscriber.take(segment);
        }
    }

    @Override
    public void restarted(int partition, PartitionHead head) {
        for (Subscriber subscriber : subscribers) {
            subscriber.restarted(partition, head);
        }
    }

    /**
     * Stops listening to the store, sends each stream what waits for it and ends it (the server stops). The streams
     * are ended without the feed's lock: a stream that ends gives its place back under that lock, on the thread
     * that ended it.
     */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            if (listening != null) {
                stopListening();
            }
        }
        handOverPending();
        subscribers.forEach(Subscriber::end);
        writes.shutdownNow();
    }

    private void countReset(String reason) {
        Counter.builder("sessiondata.changes.resets")
                .description("Change feed streams answered or cut with a reset")
                .tag("reason", reason)
                .register(registry)
                .increment();
    }

    /**
     * One stream: its position, the events waiting for its connection (bounded: those gathered for its next write and
     * those in the batches its connection has not taken yet), and what waits for its start.
     */
    private final class Subscriber {

        /** A batch holds at least one event, so the events bound the batches; one place more for the reset. */
        final Sinks.Many<FeedBatch> sink = Sinks.many().unicast()
                .onBackpressureBuffer(new ArrayBlockingQueue<>(properties.buffer() + 1));
        /** Events in batches handed to the sink that its connection has not taken yet. */
        private final AtomicInteger queued = new AtomicInteger();
        /** Events gathered for the stream's next write. */
        private List<FeedEvent> gathered = new ArrayList<>();
        /** The change gathered last, whose event is to carry the stream's position if it ends the write. */
        private @Nullable ChangeEvents lastGathered;
        private long lastWriteNanos = System.nanoTime() - properties.writeInterval().toNanos();
        private boolean writeScheduled;
        /** True while changes read together are delivered: their events are written once all are gathered. */
        private boolean gathering;
        private final String[] epochs;
        private final long[] sequences;
        private final @Nullable String group;
        /** The last event still waiting for a claim (it and the events after it wait), null when none waits. */
        private @Nullable CompletableFuture<Void> waitingForClaim;
        private int claimsPending;
        /** Changes that arrived before the stream started; null once it has. */
        private @Nullable List<ChangeEvents> early = new ArrayList<>();
        private boolean ended;

        Subscriber(int partitions, @Nullable String group) {
            this.epochs = new String[partitions];
            this.sequences = new long[partitions];
            this.group = group;
        }

        synchronized void start(Start start) {
            if (ended) {
                return;
            }
            if (start.reset() != null) {
                countReset(start.reset());
                emit(new FeedEvent(FeedEvent.RESET, null, "{\"reason\":\"" + start.reset() + "\"}", 0));
            }
            for (int p = 0; p < epochs.length; p++) {
                epochs[p] = start.position().get(p).epoch();
                sequences[p] = start.position().get(p).sequence();
            }
            emit(new FeedEvent(FeedEvent.HELLO, position(),
                    "{\"heartbeatMillis\":" + properties.heartbeat().toMillis() + "}", 0));
            List<ChangeEvents> arrived = early;
            early = null;
            gathering = true;
            try {
                start.catchUp().forEach(change -> deliver(new ChangeEvents(change)));
                if (arrived != null) {
                    arrived.forEach(this::deliver);
                }
            } finally {
                gathering = false;
            }
            writeWhenDue();
        }

        /**
         * The changes of one hand-over: taken whole and sent at once if the stream stands where they start and has
         * nothing else to send first; otherwise passed on one by one and gathered for the stream's next write.
         */
        synchronized void take(FeedSegment segment) {
            if (ended) {
                return;
            }
            if (early != null) {
                early.addAll(segment.changes());
                if (early.size() > properties.buffer()) {
                    cut("slow");
                }
                return;
            }
            if (group == null && gathered.isEmpty() && waitingForClaim == null && segment.follows(epochs, sequences)) {
                if (queued.get() + segment.changes().size() > properties.buffer()) {
                    cut("slow");
                    return;
                }
                send(segment.takenAt(epochs, sequences));
                return;
            }
            gathering = true;
            try {
                segment.changes().forEach(this::deliver);
            } finally {
                gathering = false;
            }
            writeWhenDue();
        }

        synchronized void restarted(int partition, PartitionHead head) {
            if (!ended && early == null && !head.epoch().equals(epochs[partition])) {
                cut("epoch");
            }
        }

        /**
         * A heartbeat, unless the stream was written to within the last half heartbeat: any event tells the client
         * that its feed is alive, and under load every stream is written to every interval. So a client hears from
         * the feed at least every one and a half heartbeats, within the two it waits before it considers it cut.
         */
        synchronized void heartbeat() {
            if (System.nanoTime() - lastWriteNanos < properties.heartbeat().toNanos() / 2) {
                return;
            }
            if (!ended && early == null) {
                emitInOrder(new FeedEvent(FeedEvent.HEARTBEAT, position(), "{}", 0));
            }
        }

        synchronized void fail(Throwable failure) {
            if (!ended) {
                ended = true;
                sink.tryEmitError(failure);
            }
        }

        synchronized void end() {
            if (!ended) {
                write();
                ended = true;
                sink.tryEmitComplete();
            }
        }

        /** The connection took {@code batch}: its events no longer count against the buffer. */
        void handedOver(FeedBatch batch) {
            queued.addAndGet(-batch.size());
        }

        /** Passes a change on in its partition's order; one already passed is skipped, a gap or another epoch cuts. */
        private void deliver(ChangeEvents events) {
            if (ended) {
                return;
            }
            SessionChange change = events.change();
            int p = change.partition();
            if (!change.epoch().equals(epochs[p])) {
                cut("epoch");
                return;
            }
            if (change.sequence() <= sequences[p]) {
                return;
            }
            if (change.sequence() != sequences[p] + 1) {
                cut("trimmed");
                return;
            }
            sequences[p] = change.sequence();
            if (group == null) {
                // nothing waits for a claim, so the stream's position when it writes is the one after the last
                // change it gathered: only that change needs its id (write), the others go as every stream sends them
                lastGathered = events;
                emit(events.unpositioned());
                return;
            }
            FeedEvent event = events.at(epochs, sequences);
            if (!change.kind().isLifecycle()) {
                emitInOrder(event);
                return;
            }
            if (++claimsPending > properties.buffer()) {
                cut("slow");
                return;
            }
            CompletableFuture<Boolean> claimed = changes.claim(group, change).toCompletableFuture()
                    .handle((won, failure) -> {
                        if (failure != null) {
                            claimsFailed.increment();
                            LOG.warn("Claiming change {} of partition {} for group '{}' failed; its event is not"
                                    + " published", change.sequence(), p, group, failure);
                            return false;
                        }
                        (won ? claimsWon : claimsLost).increment();
                        return won;
                    });
            CompletableFuture<Void> before = waitingForClaim == null ? CompletableFuture.completedFuture(null)
                    : waitingForClaim;
            CompletableFuture<Void> sent = before.thenCombine(claimed, (done, won) -> won).thenAccept(won -> {
                synchronized (this) {
                    claimsPending--;
                    emit(won ? events.publishing(event) : event);
                }
            });
            waitUntil(sent);
        }

        /** Sends {@code event} now, or after the events that wait for a claim. */
        private void emitInOrder(FeedEvent event) {
            if (waitingForClaim == null) {
                emit(event);
            } else {
                waitUntil(waitingForClaim.thenRun(() -> {
                    synchronized (this) {
                        emit(event);
                    }
                }));
            }
        }

        /** Makes {@code sent} the last event that waits; once it is sent (and no later one waits), none waits. */
        private void waitUntil(CompletableFuture<Void> sent) {
            waitingForClaim = sent;
            sent.whenComplete((done, failure) -> {
                synchronized (this) {
                    if (waitingForClaim == sent) {
                        waitingForClaim = null;
                    }
                }
            });
        }

        /** Gathers {@code event} for the stream's next write: now, if the last was an interval ago, or at its end. */
        private void emit(FeedEvent event) {
            if (ended) {
                return;
            }
            if (queued.get() + gathered.size() >= properties.buffer()) {
                cut("slow");
                return;
            }
            gathered.add(event);
            if (!gathering) {
                writeWhenDue();
            }
        }

        /** Writes what is gathered now, if the last write was an interval ago, or schedules it for the interval's end. */
        private void writeWhenDue() {
            if (ended || writeScheduled || gathered.isEmpty()) {
                return;
            }
            long interval = properties.writeInterval().toNanos();
            long wait = lastWriteNanos + interval - System.nanoTime();
            if (wait <= 0) {
                write();
            } else {
                writeScheduled = true;
                writes.schedule(this::scheduledWrite, wait, TimeUnit.NANOSECONDS);
            }
        }

        private synchronized void scheduledWrite() {
            writeScheduled = false;
            write();
        }

        /** Hands what is gathered to the connection as one batch. */
        private void write() {
            if (ended || gathered.isEmpty()) {
                return;
            }
            int last = gathered.size() - 1;
            if (lastGathered != null && gathered.get(last) == lastGathered.unpositioned()) {
                // a client resumes from the last id it read: the write's last event carries it, the ones before it
                // none (a text/event-stream event without an id keeps the last one), which saves every stream the
                // position of each change (about 30 bytes per partition) and its encoding
                gathered.set(last, lastGathered.at(epochs, sequences));
            }
            lastGathered = null;
            FeedBatch batch = new FeedBatch(gathered);
            gathered = new ArrayList<>();
            send(batch);
        }

        private void send(FeedBatch batch) {
            lastWriteNanos = System.nanoTime();
            queued.addAndGet(batch.size());
            sink.tryEmitNext(batch);
        }

        /**
         * Tells the subscriber to drop what it cached (the queue keeps one place for this) and ends the stream; what
         * was gathered is not sent, the reset makes it moot.
         */
        private void cut(String reason) {
            if (ended) {
                return;
            }
            ended = true;
            gathered = new ArrayList<>();
            lastGathered = null;
            countReset(reason);
            sink.tryEmitNext(FeedBatch.of(new FeedEvent(FeedEvent.RESET, null, "{\"reason\":\"" + reason + "\"}", 0)));
            sink.tryEmitComplete();
        }

        private String position() {
            return FeedPosition.text(epochs, sequences);
        }
    }
}
