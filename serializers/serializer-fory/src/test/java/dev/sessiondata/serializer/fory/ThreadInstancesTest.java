package dev.sessiondata.serializer.fory;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;

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

    /** {@link #call} on a platform thread of its own, which has no instance yet. */
    private Counted callOnANewThread() {
        return CompletableFuture.supplyAsync(this::call, runnable -> new Thread(runnable).start()).join();
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
        Counted theirs = callOnANewThread();
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

    @Test
    void anOfferedInstanceGoesToTheNextThreadWithoutOneAndReplacesNoThreadsOwn() {
        Counted mine = call();
        Counted ready = new Counted(0);

        instances.offer(ready);

        assertThat(call()).as("this thread keeps its own").isSameAs(mine);
        Counted theirs = callOnANewThread();
        assertThat(theirs).isSameAs(ready);
        assertThat(built).hasValue(1);
    }

    @Test
    void afterRenewAThreadsNextTakeGetsTheReadyInstanceAndAnotherThreadANewOne() {
        Counted before = call();
        Counted ready = new Counted(0);

        instances.renew(ready);

        assertThat(call()).isSameAs(ready);
        assertThat(call()).as("kept as the thread's own").isSameAs(ready);
        Counted theirs = callOnANewThread();
        assertThat(theirs).isNotSameAs(ready).isNotSameAs(before);
        assertThat(built).hasValue(2);
    }

    @Test
    void anInstanceInUseWhenRenewIsCalledFinishesItsCallAndIsReplacedAtTheNextTake() {
        Counted outer = instances.take();
        Counted nested = call(); // idle in the shared queue from now on
        Counted ready = new Counted(0);
        instances.renew(ready);
        instances.give(outer);

        Counted own = instances.take();
        Counted nextNested;
        try {
            nextNested = call();
        } finally {
            instances.give(own);
        }

        assertThat(own).isSameAs(ready);
        assertThat(nextNested).as("the idle shared instance built before renew is dropped")
                .isNotSameAs(nested).isNotSameAs(ready);
        assertThat(call()).isSameAs(ready);
        assertThat(built).hasValue(3);
    }

    /**
     * Virtual threads come and go per task: each takes an idle shared instance and gives it back, none builds one of
     * its own, and a platform thread's own instance is not among them. Virtual threads exist from JDK 21 (the release
     * is 17, so they are made through reflection); CI runs this module's tests on JDK 25 as well.
     */
    @Test
    @EnabledForJreRange(min = JRE.JAVA_21)
    void virtualThreadsShareIdleInstancesAndBuildNoneOfTheirOwn() throws Exception {
        Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
        ThreadFactory virtualThreads = (ThreadFactory) Class.forName("java.lang.Thread$Builder")
                .getMethod("factory").invoke(builder);
        Counted platformOwn = call();

        Counted first = CompletableFuture.supplyAsync(this::call, runnable -> virtualThreads.newThread(runnable).start())
                .join();
        Counted second = CompletableFuture.supplyAsync(this::call, runnable -> virtualThreads.newThread(runnable).start())
                .join();

        assertThat(first).isNotSameAs(platformOwn);
        assertThat(second).as("the idle shared instance, taken by the next virtual thread").isSameAs(first);
        assertThat(built).hasValue(2);
    }
}
