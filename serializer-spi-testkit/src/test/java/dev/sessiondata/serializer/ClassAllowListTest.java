package dev.sessiondata.serializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.kit.Channel;
import dev.sessiondata.serializer.kit.SessionContextFixture;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ClassAllowListTest {

    private final ClassAllowList defaults = SerializerSettings.defaults().allowList();
    private final ClassAllowList acme = SerializerSettings.builder().allowPackages("com.acme").build().allowList();

    @Test
    void builtInValueAndCollectionTypesAreAlwaysAllowed() {
        for (Class<?> type : List.of(String.class, Long.class, BigDecimal.class, Instant.class, UUID.class,
                ArrayList.class, LinkedHashMap.class, List.of(1, 2, 3).getClass(), int.class)) {
            assertThat(defaults.isAllowed(type)).as(type.getName()).isTrue();
        }
    }

    @Test
    void nothingElseIsAllowedByDefault() {
        assertThat(defaults.isAllowed(SessionContextFixture.class)).isFalse();
        assertThat(defaults.isAllowed(Thread.class)).isFalse();
        assertThat(defaults.isAllowed("java.lang.Runtime")).isFalse();
        assertThat(defaults.isAllowed("org.apache.commons.collections.functors.InvokerTransformer")).isFalse();
    }

    @Test
    void aPackageAllowsItselfAndItsSubPackagesButNotAPackageThatMerelySharesItsPrefix() {
        assertThat(acme.isAllowed("com.acme.Session")).isTrue();
        assertThat(acme.isAllowed("com.acme.x.Y")).isTrue();
        assertThat(acme.isAllowed("com.acme.x.Y$Inner")).isTrue();
        assertThat(acme.isAllowed("com.acmeevil.Z")).isFalse();
        assertThat(acme.isAllowed("com.Acme")).isFalse();
        assertThat(acme.isAllowed("com.acme")).isFalse();
    }

    @Test
    void arraysAreJudgedByTheirElementType() {
        assertThat(defaults.isAllowed(String[][].class)).isTrue();
        assertThat(defaults.isAllowed(long[].class)).isTrue();
        assertThat(defaults.isAllowed("[[J")).isTrue();
        assertThat(defaults.isAllowed("[Ljava.lang.String;")).isTrue();
        assertThat(defaults.isAllowed(Thread[].class)).isFalse();
        assertThat(defaults.isAllowed("[Ljava.lang.Thread;")).isFalse();
        assertThat(defaults.isAllowed("[Q")).isFalse();
        assertThat(defaults.isAllowed("[Ljava.lang.String")).isFalse();
    }

    @Test
    void anEnumIsJudgedByItsPackage() {
        ClassAllowList kit = SerializerSettings.builder().allowPackages("dev.sessiondata.serializer.kit").build()
                .allowList();
        assertThat(kit.isAllowed(Channel.class)).isTrue();
        assertThat(defaults.isAllowed(Channel.class)).isFalse();
    }

    @Test
    void singleClassesCanBeAllowedByClassOrName() {
        ClassAllowList single = SerializerSettings.builder().allowClasses(SessionContextFixture.class)
                .allowClassNames(List.of("com.acme.Legacy")).build().allowList();
        assertThat(single.isAllowed(SessionContextFixture.class)).isTrue();
        assertThat(single.isAllowed("com.acme.Legacy")).isTrue();
        assertThat(single.isAllowed("com.acme.Other")).isFalse();
    }

    /** The serializer it is checked in adds its id on the way up (the kit checks every id does). */
    @Test
    void aRefusalNamesTheClassAndSaysHowToAllowIt() {
        assertThatThrownBy(() -> defaults.check(Thread.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("java.lang.Thread")
                .hasMessageContaining("allowPackages")
                .extracting(e -> ((SerializationException) e).serializerId()).isNull();
    }
}
