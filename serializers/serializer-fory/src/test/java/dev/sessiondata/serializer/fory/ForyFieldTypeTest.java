package dev.sessiondata.serializer.fory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializers;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A payload whose field value is of another class than the reader's field declares is refused, never stored. The
 * writer's {@code gen.Amount} declares {@code amount} as {@code Object} and holds a String in it; the reader's
 * declares it {@code BigDecimal}. Fory 1.6's interpreter serializers on JDK 17 store that String into the BigDecimal
 * field with an unchecked {@code Unsafe.putObject}, after which a call of a BigDecimal method on it runs a String
 * method on the wrong memory. So {@link ForyBuilders} lets the interpreter read a class's first payloads only from
 * JDK 25 on, where it stores through type-checked {@code VarHandle}s; before, the generated serializers, which cast,
 * read from the first payload on. Both ways end here in a refusal.
 */
class ForyFieldTypeTest {

    @TempDir
    Path temp;

    @ParameterizedTest
    @ValueSource(strings = {"fory", "fory-shared"})
    void aFieldValueOfAnotherClassThanTheReadersFieldIsRefused(String id) throws Exception {
        ClassLoader writer = amountDeclaredAs("Object", temp.resolve("writer"));
        ClassLoader reader = amountDeclaredAs("java.math.BigDecimal", temp.resolve("reader"));
        Class<?> written = writer.loadClass("gen.Amount");
        Object value = written.getConstructor().newInstance();
        written.getField("amount").set(value, "not a number");
        byte[] payload = SessionSerializers.create(id, settings(writer)).serialize(value);

        assertThatThrownBy(() -> SessionSerializers.create(id, settings(reader)).deserialize(payload, Object.class))
                .isInstanceOf(SerializationException.class);
        assertThat(SessionSerializers.create(id, settings(writer)).deserialize(payload, Object.class))
                .extracting(read -> readField(written, read)).isEqualTo("not a number");
    }

    private static SerializerSettings settings(ClassLoader loader) {
        return SerializerSettings.builder().allowPackages("gen").classLoader(loader).build();
    }

    private static Object readField(Class<?> type, Object value) {
        try {
            return type.getField("amount").get(value);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** {@code gen.Amount} with a public {@code amount} field of {@code fieldType}, compiled into a loader of its own. */
    private static ClassLoader amountDeclaredAs(String fieldType, Path dir) throws Exception {
        Path source = Files.createDirectories(dir.resolve("gen")).resolve("Amount.java");
        Files.writeString(source, "package gen;\npublic class Amount implements java.io.Serializable {\n"
                + "    public " + fieldType + " amount;\n}\n");
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        StringWriter diagnostics = new StringWriter();
        boolean compiled = compiler.getTask(diagnostics, null, null, List.of("--release", "17", "-d", dir.toString()),
                null, compiler.getStandardFileManager(null, null, null).getJavaFileObjects(source)).call();
        assertThat(compiled).as(diagnostics.toString()).isTrue();
        return new URLClassLoader(new URL[] {dir.toUri().toURL()}, ForyFieldTypeTest.class.getClassLoader());
    }
}
