package dev.sessiondata.serializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ReadBudgetTest {

    @Test
    void defaultsAreSafeAndValidated() {
        SerializerSettings settings = SerializerSettings.defaults();
        assertThat(settings.maxHashNesting()).isEqualTo(SerializerSettings.DEFAULT_MAX_HASH_NESTING);
        assertThat(settings.maxObjects()).isEqualTo(SerializerSettings.DEFAULT_MAX_OBJECTS);
        assertThat(settings.maxCollectionElements()).isEqualTo(SerializerSettings.DEFAULT_MAX_COLLECTION_ELEMENTS);
        SerializerSettings varied = settings.toBuilder().maxHashNesting(2).maxObjects(3).maxCollectionElements(4).build();
        assertThat(varied.toBuilder().build()).isEqualTo(varied).isNotEqualTo(settings);
        assertThatThrownBy(() -> SerializerSettings.builder().maxHashNesting(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxHashNesting");
        assertThatThrownBy(() -> SerializerSettings.builder().maxObjects(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxObjects");
        assertThatThrownBy(() -> SerializerSettings.builder().maxCollectionElements(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxCollectionElements");
    }

    @Test
    void setsAndMapsThatHashTheirElementsAreHashed() {
        for (Class<?> hashed : List.of(HashSet.class, LinkedHashSet.class, HashMap.class, LinkedHashMap.class,
                ConcurrentHashMap.class, Set.of(1, 2, 3).getClass(), Map.of(1, 2, 3, 4).getClass())) {
            assertThat(ReadBudget.isHashed(hashed)).as(hashed.getName()).isTrue();
        }
        for (Class<?> other : List.of(ArrayList.class, TreeSet.class, TreeMap.class, IdentityHashMap.class,
                EnumSet.noneOf(TimeUnit.class).getClass(), String.class, Object.class)) {
            assertThat(ReadBudget.isHashed(other)).as(other.getName()).isFalse();
        }
    }

    @Test
    void hashNestingCountsOpenCollectionsNotSiblings() {
        ReadBudget budget = open(SerializerSettings.builder().maxHashNesting(2).build());
        try {
            for (int sibling = 0; sibling < 10; sibling++) {
                budget.enterHashed();
                budget.enterHashed();
                budget.exitHashed();
                budget.exitHashed();
            }
            budget.enterHashed();
            budget.enterHashed();
            assertThatThrownBy(budget::enterHashed).hasMessageContaining("maxHashNesting")
                    .isInstanceOfSatisfying(SerializationException.class, refusal -> assertThat(refusal.serializerId())
                            .as("named by the serializer on the way up").isNull());
        } finally {
            ReadBudget.close(budget);
        }
    }

    @Test
    void objectsAndElementsAreTotalsOfTheWholeRead() {
        ReadBudget budget = open(SerializerSettings.builder().maxObjects(3).maxCollectionElements(10).build());
        try {
            budget.countObject();
            budget.countObject();
            budget.countObject();
            assertThatThrownBy(budget::countObject).hasMessageContaining("maxObjects");
            budget.countElements(6);
            assertThatThrownBy(() -> budget.countElements(5)).hasMessageContaining("maxCollectionElements");
        } finally {
            ReadBudget.close(budget);
        }
    }

    @Test
    void aThreadsNextReadStartsAFreshBudgetWithItsOwnSettings() {
        ReadBudget first = open(SerializerSettings.builder().maxObjects(1).maxHashNesting(1).build());
        first.countObject();
        first.enterHashed();
        ReadBudget.close(first);
        assertThatThrownBy(ReadBudget::current).isInstanceOf(IllegalStateException.class);
        ReadBudget next = open(SerializerSettings.builder().maxObjects(2).maxHashNesting(1).build());
        try {
            assertThat(next).as("the thread's budget, reused").isSameAs(first);
            assertThat(next.insideHashed()).isFalse();
            next.enterHashed();
            next.countObject();
            next.countObject();
            assertThatThrownBy(next::countObject).hasMessageContaining("more than 2 objects");
        } finally {
            ReadBudget.close(next);
        }
    }

    @Test
    void aReadInsideAReadKeepsTheOuterBudget() {
        ReadBudget outer = open(SerializerSettings.defaults());
        outer.countObject();
        ReadBudget inner = open(SerializerSettings.builder().maxObjects(1).build());
        assertThat(inner).isNotSameAs(outer);
        inner.countObject();
        ReadBudget.close(inner);
        assertThat(ReadBudget.current()).isSameAs(outer);
        outer.countObject();
        ReadBudget.close(outer);
        assertThatThrownBy(ReadBudget::current).isInstanceOf(IllegalStateException.class);
    }

    private static ReadBudget open(SerializerSettings settings) {
        ReadBudget budget = ReadBudget.open(settings);
        assertThat(ReadBudget.current()).isSameAs(budget);
        return budget;
    }
}
