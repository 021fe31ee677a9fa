package dev.sessiondata.client.internal.schema;

import static dev.sessiondata.client.internal.schema.FakeSchemaSerializer.descriptorOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.serializer.SerializationException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The exchange protocol, with the serializer and the service's registry replaced by fakes. */
class SchemaExchangeTest {

    private final FakeSchemaSerializer repository = new FakeSchemaSerializer();
    private final FakeRemote remote = new FakeRemote();
    private final SchemaExchange exchange = new SchemaExchange(repository, remote, Duration.ofHours(1));

    /** Finding 6 of #10: installing the whole registry at startup let others use up this client's budget. */
    @Test
    void theExchangeUploadsOwnDescriptorsOnceAndInstallsNoneOfOthers() {
        ClassDescriptor peer = descriptorOf("com.peer.Order");
        remote.holding(peer, descriptorOf("com.peer.Address"));

        SchemaExchange.Exchanged exchanged = exchange.exchange(List.of(String.class, Integer.class)).orElseThrow();

        assertThat(remote.uploads).containsExactly(List.of(descriptorOf("java.lang.String"),
                descriptorOf("java.lang.Integer")));
        assertThat(exchanged).isEqualTo(new SchemaExchange.Exchanged(2, false));
        assertThat(repository.uids()).doesNotContain(peer.uid());
        assertThat(remote.downloads).hasValue(0);
        assertThat(exchange.exchange(List.of(String.class))).isEmpty();
    }

    @Test
    void aReadOnlyClientUploadsNothingAndInstallsNothing() {
        ClassDescriptor peer = descriptorOf("com.peer.Order");
        remote.holding(peer).readOnly = true;

        SchemaExchange.Exchanged exchanged = exchange.exchange(List.of(String.class)).orElseThrow();

        assertThat(exchanged).isEqualTo(new SchemaExchange.Exchanged(0, true));
        assertThat(repository.uids()).isEmpty();
        assertThat(repository.published).isEmpty();
    }

    /** fory-shared refers to a set in its payloads only once readers can fetch it. */
    @Test
    void theSerializerIsToldWhatWasPublishedOnlyAfterTheServiceStoredIt() {
        exchange.exchange(List.of(String.class));
        exchange.uploadIfNew(Long.class);

        assertThat(repository.published).containsExactlyElementsOf(remote.uploads);
    }

    @Test
    void aClassWrittenLaterIsUploadedOnceAndARegisteredOneNever() {
        exchange.exchange(List.of(String.class));

        exchange.uploadIfNew(String.class);
        exchange.uploadIfNew(Long.class);
        exchange.uploadIfNew(Long.class);

        assertThat(remote.uploads).containsExactly(List.of(descriptorOf("java.lang.String")),
                List.of(descriptorOf("java.lang.Long")));
    }

    @Test
    void aReadThatMissesADescriptorFetchesItInstallsItAndReadsAgain() {
        ClassDescriptor order = descriptorOf("com.peer.Order");
        remote.holding(order);

        String value = exchange.read(() -> {
            if (!repository.knows(order.uid())) {
                throw FakeSchemaSerializer.missing(order.uid());
            }
            return "read";
        });

        assertThat(value).isEqualTo("read");
        assertThat(remote.downloads).hasValue(1);
    }

    @Test
    void manyThreadsMissingTheSameDescriptorTogetherFetchItOnce() throws Exception {
        ClassDescriptor order = descriptorOf("com.peer.Order");
        int threads = 8;
        CountDownLatch allMissed = new CountDownLatch(threads);
        SchemaRemote slowRemote = new FakeRemote() {
            @Override
            public Optional<ClassDescriptor> download(long uid) {
                // answer only once every thread has missed, so that all of them ask while the fetch is under way
                await(allMissed);
                return super.download(uid);
            }
        };
        FakeRemote counting = (FakeRemote) slowRemote;
        counting.holding(order);
        SchemaExchange concurrent = new SchemaExchange(repository, slowRemote, Duration.ofHours(1));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<String>> reads = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                reads.add(pool.submit(() -> concurrent.read(() -> {
                    if (!repository.knows(order.uid())) {
                        allMissed.countDown();
                        throw FakeSchemaSerializer.missing(order.uid());
                    }
                    return "read";
                })));
            }
            for (Future<String> read : reads) {
                assertThat(read.get(30, TimeUnit.SECONDS)).isEqualTo("read");
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(counting.downloads).hasValue(1);
    }

    @Test
    void aDescriptorTheServiceDoesNotHaveIsAClearErrorAndIsAskedForAgainLater() {
        long uid = 0x1234L;

        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> exchange.read(() -> {
                throw FakeSchemaSerializer.missing(uid);
            }))
                    .isInstanceOf(SerializationException.class)
                    .hasMessageContaining("0000000000001234 is unknown here and to the service");
        }
        assertThat(remote.downloads).hasValue(2);
    }

    @Test
    void aFetchedDescriptorOutsideTheAllowListIsRefusedWithTheReason() {
        ClassDescriptor refused = descriptorOf("refused.Intruder");
        remote.holding(refused);

        assertThatThrownBy(() -> exchange.read(() -> {
            throw FakeSchemaSerializer.missing(refused.uid());
        }))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("outside this application's allow-list");
    }

    @Test
    void aReadThatStillMissesTheSameDescriptorAfterInstallingItEnds() {
        ClassDescriptor order = descriptorOf("com.peer.Order");
        remote.holding(order);
        AtomicInteger attempts = new AtomicInteger();

        assertThatThrownBy(() -> exchange.read(() -> {
            attempts.incrementAndGet();
            throw FakeSchemaSerializer.missing(order.uid());
        }))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("was fetched and installed, yet the payload still cannot be read");
        assertThat(attempts).hasValue(2);
    }

    @Test
    void aFailureForAnotherReasonIsNotRetried() {
        AtomicInteger attempts = new AtomicInteger();

        assertThatThrownBy(() -> exchange.read(() -> {
            attempts.incrementAndGet();
            throw new SerializationException(FakeSchemaSerializer.ID, "corrupt");
        })).hasMessageContaining("corrupt");
        assertThat(attempts).hasValue(1);
        assertThat(remote.downloads).hasValue(0);
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(30, TimeUnit.SECONDS)).as("every thread missed").isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Finding 7 of #33: after the service lost its schema records, a running writer never published again. */
    @Test
    void aWriterPublishesAllItsSchemasAgainWhenTheServiceLostThem() {
        SchemaExchange checking = new SchemaExchange(repository, remote, Duration.ZERO);
        checking.exchange(List.of(String.class));
        checking.uploadIfNew(Long.class);

        remote.registry.clear();
        boolean republished = checking.republishIfLost();

        assertThat(republished).isTrue();
        assertThat(remote.registry.keySet()).containsExactlyInAnyOrder(descriptorOf("java.lang.String").uid(),
                descriptorOf("java.lang.Long").uid());
        assertThat(remote.uploads).last().asList().hasSize(2);
    }

    @Test
    void whileTheServiceHoldsThemTheCheckAsksForOneSchemaAndUploadsNothing() {
        SchemaExchange checking = new SchemaExchange(repository, remote, Duration.ZERO);
        checking.exchange(List.of(String.class, Integer.class));
        int uploads = remote.uploads.size();

        assertThat(checking.republishIfLost()).isFalse();
        assertThat(checking.republishIfLost()).isFalse();

        assertThat(remote.downloads).hasValue(2);
        assertThat(remote.uploads).hasSize(uploads);
    }

    @Test
    void withinTheCheckIntervalNothingIsAskedAndAClientThatPublishedNothingNeverAsks() {
        exchange.exchange(List.of(String.class));
        remote.registry.clear();
        SchemaExchange readOnly = new SchemaExchange(repository, new FakeRemote(), Duration.ZERO);

        assertThat(exchange.republishIfLost()).isFalse();
        assertThat(readOnly.republishIfLost()).isFalse();
        assertThat(remote.downloads).hasValue(0);
    }
}
