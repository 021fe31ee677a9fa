package dev.sessiondata.serializer.kryo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class InstancePoolTest {

    private final AtomicInteger created = new AtomicInteger();
    private final InstancePool<Integer> pool = new InstancePool<>(2, created::incrementAndGet);

    @Test
    void anInstanceGivenBackIsTakenAgainInsteadOfANewOne() {
        Integer first = pool.obtain();
        pool.free(first);

        assertThat(pool.obtain()).isSameAs(first);
        assertThat(created).hasValue(1);
    }

    @Test
    void instancesInUseAreNeverHandedOutTwice() {
        Integer first = pool.obtain();
        Integer second = pool.obtain();

        assertThat(second).isNotEqualTo(first);
        assertThat(created).hasValue(2);
    }

    @Test
    void instancesBeyondTheCapacityAreDroppedWhenGivenBack() {
        Integer first = pool.obtain();
        Integer second = pool.obtain();
        Integer third = pool.obtain();
        pool.free(first);
        pool.free(second);
        pool.free(third);

        assertThat(List.of(pool.obtain(), pool.obtain())).containsExactlyInAnyOrder(first, second);
        assertThat(pool.obtain()).isEqualTo(4);
    }
}
