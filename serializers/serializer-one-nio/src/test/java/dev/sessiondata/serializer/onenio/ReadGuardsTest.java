package dev.sessiondata.serializer.onenio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.kit.KitSettings;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import one.nio.serial.Repository;
import one.nio.serial.Serializer;
import org.junit.jupiter.api.Test;

/** The allow-list decision and the length checks of each installed serializer, worked out once. */
class ReadGuardsTest {

    private final ReadGuards guards = new ReadGuards(KitSettings.strict().allowList());

    @Test
    void anInstalledSerializerGetsOneGuardWhateverItsNumberOfReads() {
        Serializer<?> strings = Repository.get(String.class);

        ReadGuard first = guards.of(strings);

        assertThat(guards.of(strings)).isSameAs(first);
        assertThat(first.serializer).isSameAs(strings);
        assertThat(first.length).isEqualTo(ReadGuard.Length.STRING);
    }

    @Test
    void aUidIsFoundByItselfOnceItsSerializerWasMet() {
        Serializer<?> dates = Repository.get(java.time.LocalDate.class);
        assertThat(guards.ofUid(dates.uid())).isNull();

        ReadGuard guard = guards.of(dates);

        assertThat(guards.ofUid(dates.uid())).isSameAs(guard);
        assertThat(guards.ofUid(dates.uid() ^ 1)).isNull();
    }

    @Test
    void aRefusedClassIsNeverFoundByItsUid() {
        Serializer<?> refused = Repository.get(ConcurrentHashMap.class);

        assertThatThrownBy(() -> guards.of(refused)).isInstanceOf(SerializationException.class);
        assertThat(guards.ofUid(refused.uid())).isNull();
    }

    @Test
    void aRefusedClassGetsNoGuardAndIsRefusedAgainOnEveryAttempt() {
        Serializer<?> refused = Repository.get(ConcurrentHashMap.class);

        for (int attempt = 0; attempt < 2; attempt++) {
            assertThatThrownBy(() -> guards.of(refused))
                    .isInstanceOf(SerializationException.class)
                    .hasMessageContaining("java.util.concurrent.ConcurrentHashMap is not allowed");
        }
    }

    @Test
    void moreSerializersThanTheFirstTableHoldsKeepTheirGuards() {
        List<Serializer<?>> serializers = new ArrayList<>();
        Class<?> type = String.class;
        for (int dimensions = 1; dimensions <= 150; dimensions++) {
            type = Array.newInstance(type, 0).getClass();
            serializers.add(Repository.get(type));
        }
        List<ReadGuard> first = serializers.stream().map(guards::of).toList();

        for (int i = 0; i < serializers.size(); i++) {
            assertThat(guards.of(serializers.get(i))).isSameAs(first.get(i));
            assertThat(guards.ofUid(serializers.get(i).uid())).isSameAs(first.get(i));
            assertThat(first.get(i).serializer).isSameAs(serializers.get(i));
        }
    }

    @Test
    void lengthChecksFollowWhatTheSerializerReads() {
        ReadGuard ints = ReadGuard.of(Repository.get(int[].class));
        ReadGuard list = ReadGuard.of(Repository.get(ArrayList.class));
        ReadGuard map = ReadGuard.of(Repository.get(HashMap.class));
        ReadGuard number = ReadGuard.of(Repository.get(Integer.class));

        assertThat(List.of(ints.length, ints.bytesPerElement, ints.countsElements, ints.hashed))
                .containsExactly(ReadGuard.Length.ELEMENTS, Integer.BYTES, false, false);
        assertThat(List.of(list.length, list.bytesPerElement, list.countsElements, list.hashed))
                .containsExactly(ReadGuard.Length.ELEMENTS, 1, true, false);
        assertThat(List.of(map.length, map.bytesPerElement, map.countsElements, map.hashed))
                .containsExactly(ReadGuard.Length.ELEMENTS, 2, true, true);
        assertThat(number.length).isEqualTo(ReadGuard.Length.NONE);
    }
}
