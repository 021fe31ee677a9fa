package dev.sessiondata.loadtest;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.api.DescriptorBatch;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.serializer.SchemaExchangingSerializer;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.workload.ReferenceMeasures;
import dev.sessiondata.workload.SessionWorkload;
import dev.sessiondata.workload.model.SessionContext;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;

/**
 * The schema exchange a client makes before its first write with a serializer that needs one (One Nio's class
 * descriptors, {@code fory-shared}'s type definition sets): the schemas of the classes it writes are uploaded to the
 * server under test and only then declared published, so the load sends the payloads a real client sends. Before
 * the load, a reader that knows no schema reads one such payload, fetching what it lacks from the server: a run
 * whose exchange does not work fails at its start, not as a run of bytes no peer could read.
 */
final class SchemaPublication {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** More fetches than any session's classes have schemas means the server answers something other than asked. */
    private static final int MAX_FETCHES = 64;

    private final LoadParameters parameters;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

    SchemaPublication(LoadParameters parameters) {
        this.parameters = parameters;
    }

    /**
     * A serializer of {@code serializerId} ready to write as a client does: when it exchanges schemas, its schemas of
     * the payload classes are on the server and declared published, and a fresh reader has read a payload back.
     */
    SessionSerializer writer(String serializerId) {
        SessionSerializer writer = PayloadMix.serializer(serializerId);
        if (!(writer instanceof SchemaExchangingSerializer exchanging)) {
            return writer;
        }
        List<ClassDescriptor> schemas = exchanging.schemasOf(PayloadMix.PAYLOAD_CLASSES);
        HttpResponse<byte[]> upload = send(HttpRequest.newBuilder(descriptors(writer.id(), ""))
                .header("Content-Type", SessionApi.descriptorsMediaType(writer.id()))
                .PUT(HttpRequest.BodyPublishers.ofByteArray(DescriptorBatch.encode(schemas))));
        if (upload.statusCode() / 100 != 2) {
            throw new IllegalStateException("uploading " + schemas.size() + " " + writer.id() + " schemas answered "
                    + upload.statusCode() + ": " + new String(upload.body(), StandardCharsets.UTF_8));
        }
        exchanging.published(schemas);
        SessionContext context = new SessionWorkload(SessionWorkload.DEFAULT_SEED)
                .create(1024, ReferenceMeasures.javaSerialization()::applyAsInt).context();
        SessionContext read = readThroughTheServer((SchemaExchangingSerializer) PayloadMix.serializer(serializerId), writer.serialize(context));
        if (!context.equals(read)) {
            throw new IllegalStateException("a fresh " + writer.id() + " reader read back another session than was written");
        }
        System.out.printf("%s: %d schemas published, a fresh reader read a payload with them%n", writer.id(),
                schemas.size());
        return writer;
    }

    private SessionContext readThroughTheServer(SchemaExchangingSerializer reader, byte[] payload) {
        for (int fetches = 0; ; fetches++) {
            try {
                return reader.deserialize(payload, SessionContext.class);
            } catch (RuntimeException failure) {
                OptionalLong missing = reader.missingSchema(failure);
                if (missing.isEmpty() || fetches == MAX_FETCHES) {
                    throw failure;
                }
                install(reader, missing.getAsLong());
            }
        }
    }

    private void install(SchemaExchangingSerializer reader, long uid) {
        HttpResponse<byte[]> answer = send(HttpRequest.newBuilder(descriptors(reader.id(), "/" + ClassDescriptor.uidToHex(uid)))
                .header("Accept", SessionApi.descriptorsMediaType(reader.id())).GET());
        if (answer.statusCode() != 200) {
            throw new IllegalStateException("fetching " + reader.id() + " schema " + ClassDescriptor.uidToHex(uid)
                    + " answered " + answer.statusCode());
        }
        DescriptorBatch.decode(answer.body()).stream().filter(schema -> schema.uid() == uid).forEach(reader::install);
    }

    private URI descriptors(String serializerId, String suffix) {
        return URI.create(parameters.baseUrl() + SessionApi.descriptorsPath(serializerId) + suffix);
    }

    private HttpResponse<byte[]> send(HttpRequest.Builder request) {
        try {
            return http.send(request.header("Authorization", "Bearer " + parameters.token()).timeout(TIMEOUT).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new IllegalStateException("the server under test at " + parameters.baseUrl() + " did not answer", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while exchanging schemas", e);
        }
    }
}
