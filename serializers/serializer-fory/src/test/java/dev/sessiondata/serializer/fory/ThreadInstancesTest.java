package dev.sessiondata.serializer.fory;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ThreadInstancesTest {

    private static final class Counted extends ThreadInstances.Instance {

        final int number;

        Counted(int number) {
            this.number = number;
        }
    }

    private final AtomicInteger built = new AtomicInteger();
    private final ThreadInstances<Counted> instances =
            new ThreadInstances<>(() -> new Counted(built.incrementAndGet()));

    @Test
    void aThreadTakesItsOwnInstanceCallAfterCall() {
        Counted first = instances.with(instance -> instance);
        Counted second = instances.with(instance -> instance);
        assertThat(second).isSameAs(first);
        assertThat(built).hasValue(1);
    }

    @Test
    void anotherThreadTakesAnotherInstance() {
        Counted mine = instances.with(instance -> instance);
        Counted theirs = CompletableFuture.supplyAsync(() -> instances.with(instance -> instance),
                runnable -> new Thread(runnable).start()).join();
        assertThat(theirs).isNotSameAs(mine);
    }

    @Test
    void aCallNestedInAnotherOnTheSameThreadTakesAnotherInstanceAndGivesItBack() {
        Counted outer = instances.take();
        try {
            Counted inner = instances.with(instance -> instance);
            assertThat(inner).isNotSameAs(outer);
            Counted again = instances.with(instance -> instance);
            assertThat(again).as("the idle nested one, taken again").isSameAs(inner);
        } finally {
            instances.give(outer);
        }
        Counted afterwards = instances.with(instance -> instance);
        assertThat(afterwards).isSameAs(outer);
        assertThat(built).hasValue(2);
    }
}
