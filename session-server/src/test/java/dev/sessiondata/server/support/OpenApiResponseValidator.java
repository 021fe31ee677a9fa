package dev.sessiondata.server.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialects;
import java.io.IOException;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Checks HTTP responses against an OpenAPI 3.1 document: the status is one the operation documents, every header
 * it declares required is there, every declared header that is there matches its schema, and the body matches the
 * documented content (its media type is one of the response's, a JSON body matches its schema; a response without
 * content has no body). Schemas are evaluated by networknt's validator in the OpenAPI 3.1 dialect, with formats
 * asserted, straight from the document, so a {@code $ref} means what it means there.
 *
 * <p>A request the document does not describe (a path outside it such as {@code /actuator/health}, or a method its
 * path does not have, which the server answers {@code 405}) is not checked.
 */
public final class OpenApiResponseValidator {

    private static final String DOCUMENT_ID = "urn:sessiondata:test:openapi";
    private static final Pattern TEMPLATE_PARAMETER = Pattern.compile("\\{[^}/]+}");
    private static final Pattern INTEGER = Pattern.compile("-?[0-9]{1,18}");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The committed docs/openapi.json: what {@link Api} checks every response against. */
    public static final OpenApiResponseValidator COMMITTED = new OpenApiResponseValidator(OpenApiDocumentChecks.committed());

    private final JsonNode document;
    private final SchemaRegistry registry;
    private final Map<String, Schema> schemas = new ConcurrentHashMap<>();
    private final Map<Pattern, String> paths = new LinkedHashMap<>();

    public OpenApiResponseValidator(JsonNode document) {
        this.document = document;
        this.registry = SchemaRegistry.withDefaultDialect(Dialects.getOpenApi31(), builder -> builder
                .schemas(Map.of(DOCUMENT_ID, document.toString()))
                .schemaRegistryConfig(SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build()));
        document.path("paths").properties().forEach(path -> paths.put(template(path.getKey()), path.getKey()));
        compileEverySchema();
    }

    /**
     * Compiles the schema of every documented header and JSON body up front, so that the first responses of a test
     * (128 at once, in the overload test) do not all wait on compiling the same schemas.
     */
    private void compileEverySchema() {
        document.path("paths").properties().forEach(path -> path.getValue().properties().forEach(operation ->
                operation.getValue().path("responses").properties().forEach(response -> {
                    String pointer = resolved("/paths/" + token(path.getKey()) + "/" + operation.getKey() + "/responses/"
                            + response.getKey());
                    document.at(pointer + "/headers").properties().forEach(header ->
                            schema(resolved(resolved(pointer + "/headers/" + token(header.getKey())) + "/schema")));
                    document.at(pointer + "/content").properties().stream()
                            .filter(media -> media.getKey().endsWith("json") && media.getValue().has("schema"))
                            .forEach(media -> schema(pointer + "/content/" + token(media.getKey()) + "/schema"));
                })));
    }

    /**
     * What is wrong with this response to {@code method} {@code rawPath} (the request's path as sent, without the
     * query); empty when it conforms, or when the document does not describe the request.
     */
    public List<String> violations(String method, String rawPath, int status, HttpHeaders headers, byte[] body) {
        String operation = method.toLowerCase(Locale.ROOT);
        Optional<String> path = documentedPath(rawPath);
        if (path.isEmpty() || !document.path("paths").path(path.get()).has(operation)) {
            return List.of();
        }
        String where = method + " " + rawPath + " " + status;
        String declared = "/paths/" + token(path.get()) + "/" + operation + "/responses/" + status;
        if (document.at(declared).isMissingNode()) {
            return List.of(where + ": status " + status + " is not documented for " + method + " " + path.get());
        }
        String pointer = resolved(declared);
        List<String> violations = new ArrayList<>();
        document.at(pointer + "/headers").properties().forEach(header ->
                checkHeader(violations, where, header.getKey(), resolved(pointer + "/headers/" + token(header.getKey())), headers));
        checkContent(violations, where, pointer, headers, body);
        return violations;
    }

    /** {@link #violations}, as an {@link AssertionError} naming each of them. */
    public void check(String method, String rawPath, int status, HttpHeaders headers, byte[] body) {
        List<String> violations = violations(method, rawPath, status, headers, body);
        if (!violations.isEmpty()) {
            throw new AssertionError("The response does not conform to docs/openapi.json:\n  "
                    + String.join("\n  ", violations) + "\n  body: "
                    + new String(body, 0, Math.min(body.length, 2048), StandardCharsets.UTF_8));
        }
    }

    /**
     * {@link #check} of one response as it came over a raw socket ({@code HTTP/1.1 <status> ...}, header lines, an
     * empty line, then a body of {@code Content-Length} bytes), for the tests that send what an HTTP client would not.
     */
    public void checkRaw(String method, String rawPath, String answer) {
        int headEnd = answer.indexOf("\r\n\r\n");
        String[] lines = answer.substring(0, headEnd).split("\r\n");
        Map<String, List<String>> fields = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            fields.computeIfAbsent(lines[i].substring(0, colon).strip(), name -> new ArrayList<>())
                    .add(lines[i].substring(colon + 1).strip());
        }
        HttpHeaders headers = HttpHeaders.of(fields, (name, value) -> true);
        int length = (int) headers.firstValueAsLong("Content-Length").orElse(0);
        byte[] body = answer.substring(headEnd + 4, headEnd + 4 + length).getBytes(StandardCharsets.ISO_8859_1);
        check(method, rawPath, Integer.parseInt(lines[0].split(" ")[1]), headers, body);
    }

    private void checkHeader(List<String> violations, String where, String name, String pointer, HttpHeaders headers) {
        List<String> values = headers.allValues(name);
        if (values.isEmpty()) {
            if (document.at(pointer + "/required").asBoolean(false)) {
                violations.add(where + ": no " + name + " header");
            }
            return;
        }
        String value = String.join(", ", values);
        String schemaPointer = resolved(pointer + "/schema");
        JsonNode instance = document.at(schemaPointer + "/type").asText().equals("integer") && INTEGER.matcher(value).matches()
                ? LongNode.valueOf(Long.parseLong(value)) : TextNode.valueOf(value);
        schema(schemaPointer).validate(instance).forEach(error ->
                violations.add(where + ": header " + name + " '" + value + "': " + error.getMessage()));
    }

    private void checkContent(List<String> violations, String where, String pointer, HttpHeaders headers, byte[] body) {
        JsonNode content = document.at(pointer + "/content");
        if (content.isMissingNode() || content.isEmpty()) {
            if (body.length > 0) {
                violations.add(where + ": a body of " + body.length + " bytes where the document has none");
            }
            return;
        }
        Optional<String> contentType = headers.firstValue("Content-Type")
                .map(type -> type.split(";", 2)[0].strip().toLowerCase(Locale.ROOT));
        Optional<String> mediaType = contentType.flatMap(type -> content.properties().stream()
                .map(Map.Entry::getKey).filter(documented -> documented.equalsIgnoreCase(type)).findFirst());
        if (mediaType.isEmpty()) {
            violations.add(where + ": Content-Type " + contentType.orElse("(none)") + " is none of "
                    + content.properties().stream().map(Map.Entry::getKey).toList());
            return;
        }
        if (body.length == 0) {
            violations.add(where + ": no body where the document has " + mediaType.get());
            return;
        }
        String schemaPointer = pointer + "/content/" + token(mediaType.get()) + "/schema";
        if (!document.at(schemaPointer).isMissingNode() && mediaType.get().endsWith("json")) {
            JsonNode instance;
            try {
                instance = JSON.readTree(body);
            } catch (IOException e) {
                violations.add(where + ": a " + mediaType.get() + " body that is not JSON: " + e.getMessage());
                return;
            }
            schema(schemaPointer).validate(instance).forEach(error ->
                    violations.add(where + ": body " + error.getInstanceLocation() + ": " + error.getMessage()));
        }
    }

    private Optional<String> documentedPath(String rawPath) {
        return paths.entrySet().stream().filter(entry -> entry.getKey().matcher(rawPath).matches())
                .map(Map.Entry::getValue).findFirst();
    }

    /** The pointer a local {@code $ref} at {@code pointer} leads to, else {@code pointer}. */
    private String resolved(String pointer) {
        String current = pointer;
        while (document.at(current).has("$ref")) {
            current = document.at(current).get("$ref").asText().substring(1);
        }
        return current;
    }

    private Schema schema(String pointer) {
        // a JSON Pointer in a URI fragment: the braces of a path template are not URI characters
        return schemas.computeIfAbsent(pointer, key -> registry.getSchema(SchemaLocation.of(DOCUMENT_ID + "#"
                + key.replace("{", "%7B").replace("}", "%7D"))));
    }

    private static Pattern template(String path) {
        StringBuilder regex = new StringBuilder();
        var parameters = TEMPLATE_PARAMETER.matcher(path);
        int last = 0;
        while (parameters.find()) {
            regex.append(Pattern.quote(path.substring(last, parameters.start()))).append("[^/]+");
            last = parameters.end();
        }
        return Pattern.compile(regex.append(Pattern.quote(path.substring(last))).toString());
    }

    /** One JSON Pointer token. */
    private static String token(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }
}
