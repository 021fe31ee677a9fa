package dev.sessiondata.spring;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.SerializerSettings;
import java.awt.Point;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

class AttributeCheckTest {

    private final AttributeCheck check = new AttributeCheck(
            SerializerSettings.builder().allowPackages("dev.sessiondata.spring").build().allowList(), 1000);

    @Test
    void jdkValuesCollectionsAndAllowedClassesPass() {
        Map<String, Object> map = new HashMap<>(Map.of("k", List.of(1, 2L, "three")));
        assertThatCode(() -> check.check("a", new Node(map, new String[] {"x"}))).doesNotThrowAnyException();
        assertThatCode(() -> check.check("a", null)).doesNotThrowAnyException();
    }

    @Test
    void aClassNotAllowedIsFoundWhereverItIsAndNamedWithItsPath() {
        assertThatThrownBy(() -> check.check("top", new Point()))
                .isInstanceOf(DisallowedAttributeException.class).hasMessageContaining("'top' holds a java.awt.Point,");
        assertThatThrownBy(() -> check.check("array", new Object[] {"ok", new Point()}))
                .hasMessageContaining("java.awt.Point at [1]");
        assertThatThrownBy(() -> check.check("key", new HashMap<>(Map.of(new Point(), 1))))
                .hasMessageContaining("java.awt.Point at {key}");
        assertThatThrownBy(() -> check.check("field", new Node(new Node(null, new Point()), null)))
                .hasMessageContaining("java.awt.Point at .value.extra");
    }

    @Test
    void cyclesEndTheWalkAndTransientFieldsAreNotWritten() {
        List<Object> cycle = new ArrayList<>();
        cycle.add(cycle);
        assertThatCode(() -> check.check("cycle", cycle)).doesNotThrowAnyException();
        assertThatCode(() -> check.check("transient", new WithTransient())).doesNotThrowAnyException();
    }

    @Test
    void anAttributeThatReachesMoreObjectsThanAReaderReadsIsRefused() {
        List<Object> large = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            large.add(new Node(null, null));
        }
        assertThatThrownBy(() -> check.check("large", large)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("more than 1000 objects");
    }

    static final class Node {
        final @Nullable Object value;
        final @Nullable Object extra;

        Node(@Nullable Object value, @Nullable Object extra) {
            this.value = value;
            this.extra = extra;
        }
    }

    static final class WithTransient {
        transient Object cache = new Point();
    }
}
