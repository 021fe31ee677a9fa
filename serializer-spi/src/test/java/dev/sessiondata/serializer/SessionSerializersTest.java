package dev.sessiondata.serializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SessionSerializersTest {

    /** The Maven paths of every optional serializer library. */
    private static final List<String> OPTIONAL_LIBRARIES = List.of("/com/fasterxml/jackson/", "/de/undercouch/",
            "/org/mongodb/", "/com/esotericsoftware/", "/de/ruedigermoeller/", "/ru/odnoklassniki/",
            "/org/apache/fory/", "/org/apache/dubbo/", "/org/codehaus/janino/", "/org/javassist/",
            "/it/unimi/dsi/", "/org/objenesis/", "/org/ow2/asm/");

    @Test
    void availableIdsAreSortedAndIncludeTheJdkSerializer() {
        List<String> available = SessionSerializers.available();
        assertThat(available).contains("java").isSorted().doesNotHaveDuplicates();
    }

    @Test
    void anUnknownIdIsRefusedListingTheAvailableOnes() {
        assertThatThrownBy(() -> SessionSerializers.create("protobuf", SerializerSettings.defaults()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'protobuf'")
                .hasMessageContaining(SessionSerializers.available().toString());
    }

    @Test
    void everyAvailableIdIsInstalledAndAnUnknownOneIsNot() {
        assertThat(SessionSerializers.available()).allMatch(SessionSerializers::isInstalled);
        assertThat(SessionSerializers.isInstalled("protobuf")).isFalse();
    }

    @Test
    void createdSerializersCarryTheirId() {
        for (String id : SessionSerializers.available()) {
            assertThat(SessionSerializers.create(id, SerializerSettings.defaults()).id()).isEqualTo(id);
        }
    }

    /**
     * With every optional library removed from the class path, discovery still works and only {@code java} is
     * available: no provider touches its library before it is asked to create a serializer.
     */
    @Test
    void providersWhoseLibraryIsAbsentAreNotAvailableAndDoNotBreakDiscovery() throws Exception {
        List<URL> withoutLibraries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String path = entry.replace(File.separatorChar, '/');
            if (OPTIONAL_LIBRARIES.stream().noneMatch(path::contains)) {
                withoutLibraries.add(toUrl(entry));
            }
        }
        try (URLClassLoader isolated = new URLClassLoader(withoutLibraries.toArray(URL[]::new),
                ClassLoader.getPlatformClassLoader())) {
            Class<?> registry = Class.forName(SessionSerializers.class.getName(), true, isolated);
            assertThat(registry.getMethod("available").invoke(null)).isEqualTo(List.of("java"));

            Class<?> settingsType = Class.forName(SerializerSettings.class.getName(), true, isolated);
            Object settings = settingsType.getMethod("defaults").invoke(null);
            Method create = registry.getMethod("create", String.class, settingsType);
            for (String id : SessionSerializers.available()) {
                if (id.equals("java")) {
                    continue;
                }
                assertThatThrownBy(() -> invoke(create, id, settings))
                        .as(id).isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("'" + id + "'")
                        .hasMessageContaining("not on the class path");
            }
        }
    }

    private static Object invoke(Method create, String id, Object settings) throws Throwable {
        try {
            return create.invoke(null, id, settings);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static URL toUrl(String entry) throws MalformedURLException {
        return new File(entry).toURI().toURL();
    }
}
