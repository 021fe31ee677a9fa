package dev.sessiondata.server.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What docs/openapi.json must pass in the build, each check answering what it found wrong (nothing: it passes):
 * <ul>
 * <li>{@link #schemaErrors}: valid by the official OpenAPI 3.1 JSON Schema, its Schema Objects by JSON Schema 2020-12
 * (networknt's validator; the schemas are in test resources, openapi/README.md);</li>
 * <li>{@link #parserMessages}: read by swagger-parser without a message (what the JSON Schema cannot say: a path
 * template's parameter that is not declared, a {@code $ref} to nothing);</li>
 * <li>{@link #gaps}: complete for what the code defines, so that a serializer id, a problem type or an operation
 * added to the code fails the build until the document has it.</li>
 * </ul>
 */
public final class OpenApiDocumentChecks {

    /** The committed document, from the module's directory (where Maven runs the tests). */
    public static final Path DOCUMENT = Path.of("..", "docs", "openapi.json");

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String OFFICIAL_SCHEMA = "https://spec.openapis.org/oas/3.1/schema/2026-08-03";
    private static final Schema OPENAPI_31 = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
                    builder -> builder
                            .schemas(Map.of(OFFICIAL_SCHEMA, withSchemaObjectsValidated().toString()))
                            .schemaRegistryConfig(SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build()))
            .getSchema(SchemaLocation.of(OFFICIAL_SCHEMA));

    /** The API's operations that write: a read token gets 403 for them. */
    private static final Set<String> WRITES = Set.of("put", "post", "delete");
    private static final List<String> METHODS = List.of("get", "head", "put", "post", "delete");
    /** Problem types no operation answers: 405 is a method the path does not have, 406 only the actuator's. */
    private static final Set<ProblemType> NOT_OF_AN_OPERATION = EnumSet.of(ProblemType.METHOD_NOT_ALLOWED,
            ProblemType.NOT_ACCEPTABLE);

    private OpenApiDocumentChecks() {
    }

    /**
     * The official schema, whose Schema Objects ({@code $defs/schema}, {@code $dynamicAnchor: meta}, where every
     * Schema Object's {@code $dynamicRef} leads) are checked only to be objects or booleans, made to check them as
     * JSON Schema 2020-12: what the official {@code schema-base} does by overriding that dynamic anchor from the
     * outside, which networknt 2.0.1 does not follow, so it is done here in the schema itself. (The OAS dialect
     * adds only the vocabulary of {@code discriminator}, {@code xml}, {@code externalDocs} and {@code example}, which
     * the document does not use.)
     */
    private static JsonNode withSchemaObjectsValidated() {
        try (InputStream in = OpenApiDocumentChecks.class.getResourceAsStream("/openapi/oas-3.1-schema-2026-08-03.json")) {
            ObjectNode schema = (ObjectNode) JSON.readTree(in);
            ObjectNode schemaObject = JSON.createObjectNode()
                    .put("$dynamicAnchor", "meta")
                    .put("$ref", "https://json-schema.org/draft/2020-12/schema");
            ((ObjectNode) schema.get("$defs")).set("schema", schemaObject);
            return schema;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String committedText() {
        try {
            return Files.readString(DOCUMENT);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static JsonNode committed() {
        return parse(committedText());
    }

    public static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The official schema's verdict: one line per error, with where in the document it is. */
    public static List<String> schemaErrors(JsonNode document) {
        return OPENAPI_31.validate(document).stream()
                .map(error -> error.getInstanceLocation() + ": " + error.getMessage())
                .toList();
    }

    /** swagger-parser's messages on reading the document, references resolved. */
    public static List<String> parserMessages(JsonNode document) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        options.setValidateInternalRefs(true);
        List<String> messages = new OpenAPIV3Parser().readContents(document.toString(), null, options).getMessages();
        return messages == null ? List.of() : List.copyOf(messages);
    }

    /** What the document lacks, or has wrong, against the code's serializer ids, problem types and access rules. */
    public static List<String> gaps(JsonNode document) {
        List<String> gaps = new ArrayList<>();
        Set<String> mediaTypes = KnownSerializers.IDS.stream().map(SessionApi::mediaTypeOf)
                .collect(Collectors.toCollection(TreeSet::new));
        JsonNode session = document.path("paths").path(SessionApi.SESSIONS_PATH + "/{id}");
        expectSame(gaps, "the media types of a session read", mediaTypes,
                names(resolve(document, session.path("get").path("responses").path("200")).path("content")));
        expectSame(gaps, "the media types of a session write", mediaTypes,
                names(resolve(document, session.path("put").path("requestBody")).path("content")));
        expectSame(gaps, "the serializer ids of SerializerId", new TreeSet<>(KnownSerializers.IDS),
                texts(document.path("components").path("schemas").path("SerializerId").path("enum")));
        Set<String> problemTypes = new TreeSet<>();
        for (ProblemType type : ProblemType.values()) {
            problemTypes.add(type.uri().toString());
        }
        expectSame(gaps, "the problem types of Problem", problemTypes,
                texts(document.path("components").path("schemas").path("Problem").path("properties").path("type").path("enum")));

        Set<String> answered = new TreeSet<>();
        document.path("paths").properties().forEach(path -> {
            JsonNode item = path.getValue();
            if (item.has("get") && !item.has("head")) {
                gaps.add(path.getKey() + ": GET without HEAD");
            }
            for (String method : METHODS) {
                if (item.has(method)) {
                    operationGaps(gaps, answered, document, method + " " + path.getKey(), WRITES.contains(method),
                            item.path(method).path("responses"));
                }
            }
        });
        for (ProblemType type : ProblemType.values()) {
            if (!NOT_OF_AN_OPERATION.contains(type) && !answered.contains(type.uri().toString())) {
                gaps.add("no operation answers " + type.uri());
            }
        }
        return gaps;
    }

    private static void operationGaps(List<String> gaps, Set<String> answered, JsonNode document, String operation,
            boolean write, JsonNode responses) {
        for (String status : write ? List.of("401", "403", "414", "431", "500") : List.of("401", "414", "431", "500")) {
            if (!responses.has(status)) {
                gaps.add(operation + ": no " + status);
            }
        }
        responses.properties().forEach(entry -> {
            JsonNode response = resolve(document, entry.getValue());
            if (!response.path("headers").has(SessionApi.SERIALIZER_ACTIVE_HEADER)) {
                gaps.add(operation + " " + entry.getKey() + ": no " + SessionApi.SERIALIZER_ACTIVE_HEADER);
            }
            JsonNode problem = response.path("content").path(SessionApi.PROBLEM_MEDIA_TYPE).path("schema");
            for (JsonNode part : problem.path("allOf")) {
                for (String uri : texts(part.path("properties").path("type").path("enum"))) {
                    answered.add(uri);
                    ProblemType.of(URI.create(uri))
                            .filter(type -> String.valueOf(type.status()).equals(entry.getKey()))
                            .ifPresentOrElse(type -> { }, () -> gaps.add(operation + " " + entry.getKey() + ": " + uri
                                    + " is not a problem of that status"));
                }
            }
        });
    }

    /** The node a local {@code $ref} names, else the node itself. */
    public static JsonNode resolve(JsonNode document, JsonNode node) {
        JsonNode current = node;
        while (current.has("$ref") && current.get("$ref").asText().startsWith("#/")) {
            current = document.at(current.get("$ref").asText().substring(1));
        }
        return current;
    }

    private static void expectSame(List<String> gaps, String what, Set<String> expected, Set<String> documented) {
        if (!expected.equals(documented)) {
            Set<String> missing = new TreeSet<>(expected);
            missing.removeAll(documented);
            Set<String> extra = new TreeSet<>(documented);
            extra.removeAll(expected);
            gaps.add(what + ": missing " + missing + ", not in the code " + extra);
        }
    }

    private static Set<String> names(JsonNode object) {
        return object.properties().stream().map(Map.Entry::getKey).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> texts(JsonNode array) {
        Set<String> texts = new TreeSet<>();
        array.forEach(element -> texts.add(element.asText()));
        return texts;
    }
}
