package dev.sessiondata.docs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns Spring Boot configuration metadata ({@code META-INF/spring-configuration-metadata.json}, written by
 * spring-boot-configuration-processor) into the AsciiDoc tables of the manual's configuration reference, so that the
 * reference lists exactly the properties the code binds, with the descriptions and defaults of their Javadoc.
 *
 * <p>Writes {@code server-properties.adoc} (the server's own properties), {@code client-properties.adoc} (the
 * starter's) and {@code boot-properties.adoc} (the Spring Boot properties an operator of the server sets, read from
 * Boot's own metadata on the class path). A property of ours without a description fails the generation, and with it
 * the build: the reference would show an empty cell.
 */
public final class ConfigurationReference {

    /** Spring Boot's properties that the server's operators set, in the order the page lists them. */
    static final List<String> BOOT_PROPERTIES = List.of(
            "server.port",
            "server.address",
            "server.max-http-request-header-size",
            "server.shutdown",
            "spring.data.redis.url",
            "spring.data.redis.host",
            "spring.data.redis.port",
            "spring.data.redis.password",
            "spring.data.redis.timeout",
            "spring.data.redis.connect-timeout",
            "spring.data.redis.cluster.nodes",
            "spring.session.timeout");

    private static final ObjectMapper JSON = new ObjectMapper();

    /** {@code {@code x}}, {@code {@link x}} and {@code {@linkplain x}}: shown as code. */
    private static final Pattern JAVADOC_CODE = Pattern.compile("\\{@(code|link|linkplain) ([^}]*)}");

    /** {@code {@literal x}}: shown as text. */
    private static final Pattern JAVADOC_LITERAL = Pattern.compile("\\{@literal ([^}]*)}");

    private ConfigurationReference() {
    }

    /** One property of the metadata: its name, Java type, description (empty if none) and default, if declared. */
    public record Property(String name, String type, String description, Optional<String> defaultValue) {
    }

    /**
     * Arguments: the output directory, the server's metadata file, the starter's metadata file.
     *
     * @throws IllegalStateException when a property of ours has no description or a Boot property is unknown
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            throw new IllegalArgumentException("usage: ConfigurationReference <output dir> <server metadata> <starter metadata>");
        }
        Path out = Path.of(args[0]);
        Files.createDirectories(out);
        write(out.resolve("server-properties.adoc"), describedOnly(read(Files.readString(Path.of(args[1])))));
        write(out.resolve("client-properties.adoc"), describedOnly(read(Files.readString(Path.of(args[2])))));
        write(out.resolve("boot-properties.adoc"), bootProperties());
    }

    /** The properties of one metadata document, sorted by name. */
    public static List<Property> read(String metadataJson) throws IOException {
        JsonNode root = JSON.readTree(metadataJson);
        List<Property> properties = new ArrayList<>();
        for (JsonNode node : root.path("properties")) {
            if (node.has("deprecation")) {
                continue;
            }
            JsonNode defaultValue = node.get("defaultValue");
            properties.add(new Property(
                    node.path("name").asText(),
                    node.path("type").asText(""),
                    node.path("description").asText("").strip(),
                    defaultValue == null || defaultValue.isNull()
                            ? Optional.empty()
                            : Optional.of(defaultValue.isValueNode() ? defaultValue.asText() : defaultValue.toString())));
        }
        properties.sort(Comparator.comparing(Property::name));
        return properties;
    }

    /** The names of the properties that have no description. */
    public static List<String> undescribed(List<Property> properties) {
        return properties.stream().filter(p -> p.description().isEmpty()).map(Property::name).toList();
    }

    /** The AsciiDoc table of the properties. */
    public static String table(List<Property> properties) {
        StringBuilder adoc = new StringBuilder()
                .append("[cols=\"3,2,5\",options=\"header\"]\n|===\n|Property |Default |Description\n\n");
        for (Property property : properties) {
            adoc.append("|`").append(property.name()).append("`\n")
                    .append('|').append(property.defaultValue().map(v -> "`" + escape(v) + "`").orElse("")).append('\n')
                    .append('|').append(escape(javadocToAsciiDoc(property.description()))).append("\n\n");
        }
        return adoc.append("|===\n").toString();
    }

    private static List<Property> describedOnly(List<Property> properties) {
        List<String> missing = undescribed(properties);
        if (!missing.isEmpty()) {
            throw new IllegalStateException("configuration properties without a description (write the Javadoc of "
                    + "the record component or field that binds them): " + missing);
        }
        return properties;
    }

    private static List<Property> bootProperties() throws IOException {
        Map<String, Property> all = new LinkedHashMap<>();
        for (URL url : Collections.list(ConfigurationReference.class.getClassLoader()
                .getResources("META-INF/spring-configuration-metadata.json"))) {
            try (InputStream in = url.openStream()) {
                read(new String(in.readAllBytes(), StandardCharsets.UTF_8)).forEach(p -> all.putIfAbsent(p.name(), p));
            }
        }
        List<Property> selected = new ArrayList<>();
        for (String name : BOOT_PROPERTIES) {
            Property property = all.get(name);
            if (property == null) {
                throw new IllegalStateException("Spring Boot's metadata on the class path has no property " + name
                        + "; the Boot modules that define it must be dependencies of the docs module");
            }
            selected.add(property);
        }
        return selected;
    }

    private static void write(Path file, List<Property> properties) {
        try {
            Files.writeString(file, "// Generated by " + ConfigurationReference.class.getName()
                    + " from spring-configuration-metadata.json: do not edit.\n" + table(properties));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The inline Javadoc tags the configuration processor copies into descriptions as they are ({@code {@code 413}}),
     * as AsciiDoc: code and links as literal monospace, {@code @literal} as plain text.
     */
    static String javadocToAsciiDoc(String description) {
        return JAVADOC_LITERAL.matcher(JAVADOC_CODE.matcher(description).replaceAll(m -> Matcher.quoteReplacement(
                        "`+" + m.group(2).strip() + "+`")))
                .replaceAll(m -> Matcher.quoteReplacement(m.group(1)));
    }

    /** Keeps a value from closing the table cell or being read as AsciiDoc markup. */
    private static String escape(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
