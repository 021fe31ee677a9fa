package dev.sessiondata.server.changes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.store.memory.MemorySessionChanges;
import dev.sessiondata.server.store.memory.MemorySessionStore;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

/** The fan-out on the memory store's feed, without HTTP: the bound on a slow subscriber, the limit per client. */
class ChangeFeedTest {

    private static final SessionWrite WRITE = new SessionWrite(new byte[] {1}, "java", Duration.ofMinutes(5));

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final MemorySessionChanges changes = new MemorySessionChanges(4, 100);
    private final MemorySessionStore store = new MemorySessionStore(1 << 20, Clock.systemUTC(), changes);
    private final ChangeFeed feed = new ChangeFeed(changes,
            new ChangeFeedProperties(Duration.ofMinutes(1), 4, 2, 100, Duration.ZERO, 2000), Clock.systemUTC(), registry);

    @AfterEach
    void close() throws Exception {
        feed.close();
    }

    @Test
    void aSubscriberThatDoesNotReadIsCutWithAResetAfterItsBuffer() {
        Flux<FeedEvent> unread = events(feed, "client", null, null);
        for (int i = 0; i < 10; i++) {
            store.put("s" + i, WRITE, Precondition.none()).toCompletableFuture().join();
        }

        List<FeedEvent> events = unread.collectList().block(Duration.ofSeconds(5));

        assertThat(events).hasSizeLessThanOrEqualTo(5);
        assertThat(events.get(0).name()).isEqualTo(FeedEvent.HELLO);
        assertThat(events.subList(1, events.size() - 1)).extracting(FeedEvent::name).containsOnly(FeedEvent.CHANGE);
        assertThat(events.get(events.size() - 1)).extracting(FeedEvent::name, FeedEvent::data)
                .containsExactly(FeedEvent.RESET, "{\"reason\":\"slow\"}");
        assertThat(registry.get("sessiondata.changes.resets").tag("reason", "slow").counter().count()).isEqualTo(1);
        assertThat(registry.get("sessiondata.changes.published").counter().count()).isEqualTo(10);
        assertThat(registry.get("sessiondata.changes.subscribers").gauge().value()).isZero();
    }

    @Test
    void theStoresChangesAreReadOnlyWhileTheFeedHasSubscribers() {
        store.put("before", WRITE, Precondition.none()).toCompletableFuture().join();
        assertThat(published()).as("no subscriber: nothing read").isZero();

        Flux<FeedEvent> stream = events(feed, "client", null, null);
        store.put("during", WRITE, Precondition.none()).toCompletableFuture().join();
        assertThat(stream.take(2).collectList().block(Duration.ofSeconds(5))).extracting(FeedEvent::name)
                .containsExactly(FeedEvent.HELLO, FeedEvent.CHANGE);
        assertThat(published()).isEqualTo(1);

        store.put("after", WRITE, Precondition.none()).toCompletableFuture().join();
        assertThat(published()).as("the last subscriber gone: nothing read").isEqualTo(1);
    }

    private double published() {
        return registry.get("sessiondata.changes.published").counter().count();
    }

    @Test
    void aClientHoldsAtMostItsStreamsAndGetsOneBackWhenOneEnds() {
        Flux<FeedEvent> first = events(feed, "client", null, null);
        events(feed, "client", null, null);
        events(feed, "another", null, null);

        assertThatThrownBy(() -> events(feed, "client", null, null)).isInstanceOf(SubscriberLimitException.class);
        first.take(1).blockLast(Duration.ofSeconds(5));
        assertThat(events(feed, "client", null, null)).isNotNull();
    }

    @Test
    void eachBeginningAndEndOfASessionIsMarkedForPublishingOnceInAGroupAndEverySubscriberGetsEveryChange() {
        ChangeFeed otherInstance = new ChangeFeed(changes, new ChangeFeedProperties(Duration.ofMinutes(1), 64, 2, 100, Duration.ZERO, 2000),
                Clock.systemUTC(), new SimpleMeterRegistry());
        try {
            Flux<FeedEvent> one = events(feed, "client", null, "orders");
            Flux<FeedEvent> two = events(otherInstance, "client", null, "orders");
            Flux<FeedEvent> ungrouped = events(otherInstance, "other", null, null);
            List<FeedEvent> heardByOne = new CopyOnWriteArrayList<>();
            List<FeedEvent> heardByTwo = new CopyOnWriteArrayList<>();
            List<FeedEvent> heardUngrouped = new CopyOnWriteArrayList<>();
            one.subscribe(heardByOne::add);
            two.subscribe(heardByTwo::add);
            ungrouped.subscribe(heardUngrouped::add);
            await().until(() -> !heardByOne.isEmpty() && !heardByTwo.isEmpty() && !heardUngrouped.isEmpty());

            String created = store.put("s", WRITE, Precondition.none()).toCompletableFuture().join().version();
            store.put("s", WRITE, Precondition.version(created)).toCompletableFuture().join();
            store.delete("s", Precondition.none()).toCompletableFuture().join();

            await().until(() -> changes(heardByOne).size() == 3 && changes(heardByTwo).size() == 3
                    && changes(heardUngrouped).size() == 3);
            List<String> published = new java.util.ArrayList<>();
            for (List<FeedEvent> heard : List.of(heardByOne, heardByTwo)) {
                changes(heard).stream().filter(event -> event.data().contains("\"publish\":true"))
                        .forEach(event -> published.add(event.data().replace(",\"publish\":true", "")
                                .replaceFirst(",\"t\":[0-9]+", "")));
            }
            assertThat(published).containsExactlyInAnyOrder(
                    "{\"id\":\"s\",\"version\":\"" + created + "\",\"kind\":\"created\"}",
                    "{\"id\":\"s\",\"deleted\":true}");
            assertThat(changes(heardUngrouped)).extracting(FeedEvent::data).noneMatch(data -> data.contains("publish"));
            assertThat(changes(heardByOne)).extracting(FeedEvent::id).isEqualTo(
                    changes(heardByTwo).stream().map(FeedEvent::id).toList());
        } finally {
            try {
                otherInstance.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /**
     * A change is encoded once for the subscribers at the same position: those that follow the head are sent the
     * same event. One that resumed from an older position catches up with events of its own, and once caught up it
     * is at the others' position and shares the next change's event with them.
     */
    @Test
    void subscribersAtTheSamePositionAreSentOneEventOfAChangeAndOneCatchingUpItsOwn() {
        List<FeedEvent> heardByOne = new CopyOnWriteArrayList<>();
        List<FeedEvent> heardByTwo = new CopyOnWriteArrayList<>();
        List<FeedEvent> heardResumed = new CopyOnWriteArrayList<>();
        events(feed, "one", null, null).subscribe(heardByOne::add);
        events(feed, "two", null, null).subscribe(heardByTwo::add);
        await().until(() -> heardByOne.size() == 1 && heardByTwo.size() == 1);
        String before = heardByOne.get(0).id();

        store.put("a", WRITE, Precondition.none()).toCompletableFuture().join();
        store.put("b", WRITE, Precondition.none()).toCompletableFuture().join();
        await().until(() -> changes(heardByOne).size() == 2 && changes(heardByTwo).size() == 2);
        assertThat(registry.get("sessiondata.changes.lag").timer().count()).as("a lag per event, not per stream")
                .isEqualTo(2);
        events(feed, "resumed", before, null).subscribe(heardResumed::add);
        await().until(() -> changes(heardResumed).size() == 2);
        store.put("c", WRITE, Precondition.none()).toCompletableFuture().join();
        await().until(() -> changes(heardByOne).size() == 3 && changes(heardByTwo).size() == 3
                && changes(heardResumed).size() == 3);

        for (int i = 0; i < 3; i++) {
            assertThat(changes(heardByTwo).get(i)).isSameAs(changes(heardByOne).get(i));
        }
        // the catch-up goes partition by partition, so its positions may be ones the live subscribers never were at
        assertThat(changes(heardResumed).subList(0, 2)).extracting(FeedEvent::data)
                .containsExactlyInAnyOrderElementsOf(changes(heardByOne).subList(0, 2).stream().map(FeedEvent::data)
                        .toList());
        assertThat(changes(heardResumed).get(2)).isSameAs(changes(heardByOne).get(2));
        assertThat(changes(heardByOne)).extracting(FeedEvent::id).doesNotHaveDuplicates().doesNotContain(before);
        // the two shared events, the two of the catch-up, and the third change's, shared again
        assertThat(registry.get("sessiondata.changes.lag").timer().count()).isEqualTo(5);
    }

    /**
     * The feed hands its changes to the streams at most once per interval: a change that finds it quiet goes at once,
     * the changes that come sooner after it are gathered and go in one batch (here at the feed's close, the interval
     * being longer than the test), the same batch for every stream at the same position, and they count against each
     * subscriber's buffer while they wait.
     */
    @Test
    void theChangesThatComeWithinTheWriteIntervalGoInOneWriteSharedByTheStreamsAndCountAgainstTheirBuffers()
            throws Exception {
        SimpleMeterRegistry batchingMeters = new SimpleMeterRegistry();
        ChangeFeed batching = new ChangeFeed(changes, new ChangeFeedProperties(Duration.ofMinutes(1), 4, 2, 100,
                Duration.ofSeconds(50), 2000), Clock.systemUTC(), batchingMeters);
        List<FeedBatch> gathered = new CopyOnWriteArrayList<>();
        List<FeedBatch> gatheredByAnother = new CopyOnWriteArrayList<>();
        batching.subscribe("client", null, null).subscribe(gathered::add);
        batching.subscribe("client", null, null).subscribe(gatheredByAnother::add);
        await().until(() -> gathered.size() == 1 && gatheredByAnother.size() == 1);
        assertThat(gathered.get(0).events()).extracting(FeedEvent::name).containsExactly(FeedEvent.HELLO);

        store.put("quiet", WRITE, Precondition.none()).toCompletableFuture().join();
        await().until(() -> gathered.size() == 2 && gatheredByAnother.size() == 2);
        for (String id : List.of("a", "b", "c")) {
            store.put(id, WRITE, Precondition.none()).toCompletableFuture().join();
        }
        assertThat(gathered).as("within the interval: nothing written yet").hasSize(2);
        batching.close();

        assertThat(gathered).hasSize(3);
        assertThat(gathered.get(1).events()).extracting(FeedEvent::name).containsExactly(FeedEvent.CHANGE);
        assertThat(gathered.get(2).events()).extracting(FeedEvent::name)
                .containsExactly(FeedEvent.CHANGE, FeedEvent.CHANGE, FeedEvent.CHANGE);
        assertThat(gatheredByAnother.get(2)).as("one batch for both streams").isSameAs(gathered.get(2));
        assertThat(batchingMeters.get("sessiondata.changes.lag").timer().count())
                .as("a lag per change, not per change and stream").isEqualTo(4);
        assertThat(gathered.get(2).events().subList(0, 2)).extracting(FeedEvent::id).as("only the last has an id")
                .containsOnlyNulls();
        assertThat(sequenceSum(gathered.get(2).events().get(2).id())).as("the position after all four")
                .isEqualTo(sequenceSum(gathered.get(0).events().get(0).id()) + 4);
        assertThat(new String(toBytes(gathered.get(2)), java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo(gathered.get(2).events().stream().map(event -> new String(event.frame(),
                        java.nio.charset.StandardCharsets.UTF_8)).collect(java.util.stream.Collectors.joining()));

        ChangeFeed slow = new ChangeFeed(changes, new ChangeFeedProperties(Duration.ofMinutes(1), 4, 2, 100,
                Duration.ofSeconds(50), 2000), Clock.systemUTC(), new SimpleMeterRegistry());
        try {
            List<FeedEvent> heard = new CopyOnWriteArrayList<>();
            slow.subscribe("client", null, null).flatMapIterable(FeedBatch::events).subscribe(heard::add);
            await().until(() -> heard.size() == 1);
            store.put("quiet", WRITE, Precondition.none()).toCompletableFuture().join();
            await().until(() -> heard.size() == 2);
            for (int i = 0; i < 10; i++) {
                store.put("s" + i, WRITE, Precondition.none()).toCompletableFuture().join();
            }
            await().until(() -> heard.size() == 3);
            assertThat(heard).as("more changes within the interval than the buffer holds: cut without waiting for its end")
                    .extracting(FeedEvent::name).containsExactly(FeedEvent.HELLO, FeedEvent.CHANGE, FeedEvent.RESET);
        } finally {
            slow.close();
        }
    }

    /**
     * Any event tells a client that its feed is alive, so a stream written to within the last half heartbeat is sent
     * no heartbeat: under load, the heartbeats would be writes of their own beside the interval's. A quiet stream
     * hears them as before. The writes come every 40 ms, a tenth of the heartbeat: a heartbeat among them needs a
     * stall of 200 ms, which the assertion allows once.
     */
    @Test
    void aStreamWrittenToWithinHalfAHeartbeatIsSentNoHeartbeatAndAQuietOneIs() throws Exception {
        ChangeFeed beating = new ChangeFeed(changes, new ChangeFeedProperties(Duration.ofMillis(400), 1024, 2, 100,
                Duration.ZERO, 2000), Clock.systemUTC(), new SimpleMeterRegistry());
        java.util.concurrent.ScheduledExecutorService writer = java.util.concurrent.Executors
                .newSingleThreadScheduledExecutor();
        try {
            List<FeedEvent> heard = new CopyOnWriteArrayList<>();
            beating.subscribe("client", null, null).flatMapIterable(FeedBatch::events).subscribe(heard::add);
            await().atMost(Duration.ofSeconds(10)).until(() -> heartbeats(heard) >= 2);

            int quietHeartbeats = heartbeats(heard);
            java.util.concurrent.atomic.AtomicInteger written = new java.util.concurrent.atomic.AtomicInteger();
            writer.scheduleAtFixedRate(() -> store.put("busy" + written.incrementAndGet(), WRITE, Precondition.none())
                    .toCompletableFuture().join(), 0, 40, java.util.concurrent.TimeUnit.MILLISECONDS);
            await().atMost(Duration.ofSeconds(20)).until(() -> written.get() >= 50);
            writer.shutdownNow();

            assertThat(changes(heard)).hasSizeGreaterThanOrEqualTo(49);
            assertThat(heartbeats(heard) - quietHeartbeats).as("heartbeats over five heartbeats' time of writes")
                    .isLessThanOrEqualTo(1);
            int busyHeartbeats = heartbeats(heard);
            await().atMost(Duration.ofSeconds(10)).until(() -> heartbeats(heard) >= busyHeartbeats + 2);
        } finally {
            writer.shutdownNow();
            beating.close();
        }
    }

    private static int heartbeats(List<FeedEvent> heard) {
        return (int) heard.stream().filter(event -> event.name().equals(FeedEvent.HEARTBEAT)).count();
    }

    private static long sequenceSum(String position) {
        return FeedPosition.parse(position, 4).orElseThrow().stream().mapToLong(head -> head.sequence()).sum();
    }

    private static byte[] toBytes(FeedBatch batch) {
        io.netty.buffer.ByteBuf frame = batch.frame();
        try {
            byte[] bytes = new byte[frame.readableBytes()];
            frame.readBytes(bytes);
            return bytes;
        } finally {
            frame.release();
        }
    }

    private static Flux<FeedEvent> events(ChangeFeed feed, String client, String lastEventId, String group) {
        return feed.subscribe(client, lastEventId, group).flatMapIterable(FeedBatch::events);
    }

    private static List<FeedEvent> changes(List<FeedEvent> heard) {
        return heard.stream().filter(event -> event.name().equals(FeedEvent.CHANGE)).toList();
    }
}
