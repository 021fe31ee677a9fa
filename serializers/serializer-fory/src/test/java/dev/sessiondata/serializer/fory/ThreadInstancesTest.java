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

    /** Takes an instance for one call and gives it back. */
    private Counted call() {
        Counted instance = instances.take();
        instances.give(instance);
        return instance;
    }

    @Test
    void aThreadTakesItsOwnInstanceCallAfterCall() {
        Counted first = call();
        Counted second = call();
        assertThat(second).isSameAs(first);
        assertThat(built).hasValue(1);
    }

    @Test
    void anotherThreadTakesAnotherInstance() {
        Counted mine = call();
        Counted theirs = CompletableFuture.supplyAsync(() -> call(),
                runnable -> new Thread(runnable).start()).join();
        assertThat(theirs).isNotSameAs(mine);
    }

    @Test
    void aCallNestedInAnotherOnTheSameThreadTakesAnotherInstanceAndGivesItBack() {
        Counted outer = instances.take();
        try {
            Counted inner = call();
            assertThat(inner).isNotSameAs(outer);
            Counted again = call();
            assertThat(again).as("the idle nested one, taken again").isSameAs(inner);
        } finally {
            instances.give(outer);
        }
        Counted afterwards = call();
        assertThat(afterwards).isSameAs(outer);
        assertThat(built).hasValue(2);
    }
}
