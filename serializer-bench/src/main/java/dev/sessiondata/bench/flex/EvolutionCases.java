package dev.sessiondata.bench.flex;

import java.io.IOException;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * The class-version criteria: each names a class as the writer has it and as the reader has it. Both versions are
 * compiled at run time (javax.tools) into two directories, one on the writer JVM's class path and one on the
 * reader's, so each JVM sees exactly one version, as two deployments of an application would.
 *
 * <p>Every class is a JavaBean with {@code serialVersionUID = 1L}, as a careful application keeps it, so that
 * java.io's failures are failures of the format and not of a forgotten uid.
 */
final class EvolutionCases {

    static final String PACKAGE = "dev.sessiondata.bench.flex.evolve";

    /** One payload: the writer's class and field values, the reader's class and the values it must read. */
    record Payload(String file, String writerClass, Map<String, Object> written, String readerClass,
            Map<String, Object> expected) {
    }

    /** One criterion: the payloads it writes and reads (all must read as expected). */
    record Case(String criterion, List<Payload> payloads) {
    }

    static final List<Case> CASES = List.of(
            new Case("field-added", List.of(new Payload("field-added", PACKAGE + ".Customer",
                    Map.of("id", 7L, "name", "Ada", "email", "ada@example.org"), PACKAGE + ".Customer",
                    Map.of("id", 7L, "name", "Ada")))),
            new Case("field-removed", List.of(new Payload("field-removed", PACKAGE + ".Account", Map.of("id", 8L),
                    PACKAGE + ".Account", nullable("id", 8L, "iban", null)))),
            new Case("int-to-integer", List.of(
                    new Payload("int-to-integer", PACKAGE + ".Counter", Map.of("count", 42), PACKAGE + ".Counter",
                            Map.of("count", 42)),
                    new Payload("integer-to-int", PACKAGE + ".Tally", Map.of("count", 43), PACKAGE + ".Tally",
                            Map.of("count", 43)))),
            new Case("int-to-long", List.of(new Payload("int-to-long", PACKAGE + ".Quantity", Map.of("amount", 123_456),
                    PACKAGE + ".Quantity", Map.of("amount", 123_456L)))),
            new Case("enum-constant-added", List.of(new Payload("enum-constant-added", PACKAGE + ".Ticket",
                    Map.of("id", 9L, "priority", "HIGH"), PACKAGE + ".Ticket", Map.of("id", 9L, "priority", "HIGH")))),
            new Case("class-renamed", List.of(new Payload("class-renamed", PACKAGE + ".OldName",
                    Map.of("id", 10L, "name", "Bo"), PACKAGE + ".NewName", Map.of("id", 10L, "name", "Bo")))),
            new Case("class-moved", List.of(new Payload("class-moved", PACKAGE + ".a.Moved",
                    Map.of("id", 11L, "name", "Cy"), PACKAGE + ".b.Moved", Map.of("id", 11L, "name", "Cy")))));

    /** The writer's version of every class. */
    static final Map<String, String> WRITER_SOURCES = Map.of(
            "Customer", bean(PACKAGE, "Customer", "long id", "String name", "String email"),
            "Account", bean(PACKAGE, "Account", "long id"),
            "Counter", bean(PACKAGE, "Counter", "int count"),
            "Tally", bean(PACKAGE, "Tally", "Integer count"),
            "Quantity", bean(PACKAGE, "Quantity", "int amount"),
            "Priority", enumeration(PACKAGE, "Priority", "LOW", "MEDIUM", "ELEVATED", "HIGH"),
            "Ticket", bean(PACKAGE, "Ticket", "long id", "Priority priority"),
            "OldName", bean(PACKAGE, "OldName", "long id", "String name"),
            "a/Moved", bean(PACKAGE + ".a", "Moved", "long id", "String name"));

    /** The reader's version of every class. */
    static final Map<String, String> READER_SOURCES = Map.of(
            "Customer", bean(PACKAGE, "Customer", "long id", "String name"),
            "Account", bean(PACKAGE, "Account", "long id", "String iban"),
            "Counter", bean(PACKAGE, "Counter", "Integer count"),
            "Tally", bean(PACKAGE, "Tally", "int count"),
            "Quantity", bean(PACKAGE, "Quantity", "long amount"),
            "Priority", enumeration(PACKAGE, "Priority", "LOW", "MEDIUM", "HIGH"),
            "Ticket", bean(PACKAGE, "Ticket", "long id", "Priority priority"),
            "NewName", bean(PACKAGE, "NewName", "long id", "String name"),
            "b/Moved", bean(PACKAGE + ".b", "Moved", "long id", "String name"));

    private EvolutionCases() {
    }

    /** Compiles {@code sources} into {@code classes}, for the class path of a probe JVM. */
    static void compile(Map<String, String> sources, Path workDir, Path classes) throws IOException {
        Path sourceDir = workDir.resolve(classes.getFileName() + "-src");
        List<String> arguments = new ArrayList<>(List.of("--release", "17", "-proc:none", "-d", classes.toString()));
        for (Map.Entry<String, String> source : sources.entrySet()) {
            Path file = sourceDir.resolve(PACKAGE.replace('.', '/')).resolve(source.getKey() + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.getValue());
            arguments.add(file.toString());
        }
        Files.createDirectories(classes);
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            throw new IllegalStateException("the flexibility matrix compiles class versions and needs a JDK, not a JRE");
        }
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int status = compiler.run(null, errors, errors, arguments.toArray(String[]::new));
        if (status != 0) {
            throw new IllegalStateException("cannot compile the class versions: " + errors);
        }
    }

    /** An instance of the writer's class with these field values (an enum value given by its name). */
    static Object instantiate(String className, Map<String, Object> values) throws ReflectiveOperationException {
        Class<?> type = Class.forName(className);
        Object instance = type.getConstructor().newInstance();
        for (Map.Entry<String, Object> value : values.entrySet()) {
            Field field = type.getDeclaredField(value.getKey());
            field.setAccessible(true);
            field.set(instance, field.getType().isEnum() ? enumValue(field.getType(), (String) value.getValue())
                    : value.getValue());
        }
        return instance;
    }

    /** Whether the fields of {@code read} hold the expected values; the mismatches otherwise. */
    static List<String> mismatches(Object read, Map<String, Object> expected) throws ReflectiveOperationException {
        List<String> mismatches = new ArrayList<>();
        for (Map.Entry<String, Object> value : expected.entrySet()) {
            Field field = read.getClass().getDeclaredField(value.getKey());
            field.setAccessible(true);
            Object actual = field.get(read);
            Object comparable = actual instanceof Enum<?> constant ? constant.name() : actual;
            if (!Objects.equals(comparable, value.getValue())) {
                mismatches.add(value.getKey() + "=" + comparable + " (expected " + value.getValue() + ")");
            }
        }
        return mismatches;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumValue(Class<?> type, String name) {
        return Enum.valueOf((Class) type, name);
    }

    /** A map that, unlike {@link Map#of}, may hold null values. */
    private static Map<String, Object> nullable(Object... keyThenValue) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keyThenValue.length; i += 2) {
            map.put((String) keyThenValue[i], keyThenValue[i + 1]);
        }
        return map;
    }

    private static String bean(String pkg, String name, String... fields) {
        StringBuilder source = new StringBuilder("package " + pkg + ";\n\n")
                .append("public class ").append(name).append(" implements java.io.Serializable {\n")
                .append("    private static final long serialVersionUID = 1L;\n");
        for (String field : fields) {
            source.append("    private ").append(field).append(";\n");
        }
        source.append("    public ").append(name).append("() {\n    }\n");
        for (String field : fields) {
            String type = field.substring(0, field.indexOf(' '));
            String property = field.substring(field.indexOf(' ') + 1);
            String capitalized = Character.toUpperCase(property.charAt(0)) + property.substring(1);
            source.append("    public ").append(type).append(" get").append(capitalized).append("() {\n")
                    .append("        return ").append(property).append(";\n    }\n")
                    .append("    public void set").append(capitalized).append("(").append(field).append(") {\n")
                    .append("        this.").append(property).append(" = ").append(property).append(";\n    }\n");
        }
        return source.append("}\n").toString();
    }

    private static String enumeration(String pkg, String name, String... constants) {
        return "package " + pkg + ";\n\npublic enum " + name + " {\n    " + String.join(", ", constants) + "\n}\n";
    }
}
