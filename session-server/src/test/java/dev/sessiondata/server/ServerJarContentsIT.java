package dev.sessiondata.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The server stores bytes and never deserializes a session, so its executable jar carries no serializer library:
 * no gadget-prone class (FST, Hessian...) is even on its class path. Checked over every entry of the jar and of
 * every jar nested in it.
 */
class ServerJarContentsIT {

    /** The packages of Kryo, FST, Hessian (hessian-lite), Fory, bson4jackson, MongoDB BSON and One Nio. */
    private static final List<String> SERIALIZER_LIBRARY_PACKAGES = List.of("com/esotericsoftware/",
            "org/nustaq/", "com/alibaba/com/caucho/", "org/apache/fory/", "de/undercouch/bson4jackson/", "org/bson/",
            "one/nio/");
    /** Our own serializer code: the SPI and its adapters. */
    private static final String SERIALIZER_SPI_PACKAGE = "dev/sessiondata/serializer/";

    private static final List<String> classEntries = new ArrayList<>();
    private static Manifest manifest;
    private static final List<String> nestedJars = new ArrayList<>();

    @BeforeAll
    static void readTheJar() throws IOException {
        Path jar = Path.of(System.getProperty("sessiondata.server.jar", "target/session-server.jar"));
        assertThat(jar).as("the server's executable jar, built by the package phase").isRegularFile();
        try (JarFile jarFile = new JarFile(jar.toFile())) {
            manifest = jarFile.getManifest();
        }
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            Enumeration<? extends ZipEntry> entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                if (entry.getName().endsWith(".jar")) {
                    nestedJars.add(entry.getName());
                    try (InputStream in = zip.getInputStream(entry)) {
                        collectClasses(entry.getName() + "!/", in);
                    }
                } else if (entry.getName().endsWith(".class")) {
                    classEntries.add(entry.getName());
                }
            }
        }
    }

    @Test
    void theJarHoldsTheServerAndItsLibraries() {
        assertThat(classEntries).anyMatch(name -> name.endsWith("dev/sessiondata/server/SessionServerApplication.class"));
        assertThat(nestedJars).anyMatch(name -> name.contains("session-api-"));
    }

    @Test
    void theJarHoldsNoSerializerLibraryClass() {
        assertThat(classEntries)
                .as("classes of serializer libraries in the server jar")
                .noneMatch(name -> SERIALIZER_LIBRARY_PACKAGES.stream().anyMatch(name::contains));
    }

    @Test
    void theJarHoldsNeitherTheSerializerSpiNorAnyOfItsModules() {
        assertThat(nestedJars).noneMatch(name -> name.contains("/serializer-"));
        assertThat(classEntries).noneMatch(name -> name.contains(SERIALIZER_SPI_PACKAGE));
    }

    /** The serializers' --add-opens were in this manifest while the server carried their libraries. */
    @Test
    void theManifestOpensNoJdkPackage() {
        assertThat(manifest.getMainAttributes().getValue("Main-Class")).isNotBlank();
        assertThat(manifest.getMainAttributes().getValue("Add-Opens")).isNull();
    }

    private static void collectClasses(String prefix, InputStream jar) throws IOException {
        ZipInputStream nested = new ZipInputStream(jar);
        for (ZipEntry entry = nested.getNextEntry(); entry != null; entry = nested.getNextEntry()) {
            if (entry.getName().endsWith(".class")) {
                classEntries.add(prefix + entry.getName());
            }
        }
    }
}
