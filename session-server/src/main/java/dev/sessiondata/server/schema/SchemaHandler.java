package dev.sessiondata.server.schema;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.api.DescriptorBatch;
import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.store.SchemaStore;
import dev.sessiondata.server.web.ApiProblemException;
import dev.sessiondata.server.web.ByteBodies;
import dev.sessiondata.server.web.EventLoops;
import dev.sessiondata.server.web.RequestBodies;
import dev.sessiondata.server.web.SerializerPolicy;
import dev.sessiondata.server.web.WriteAdmission;
import java.util.List;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The descriptor registry of serializers whose readers need the writer's class metadata, under
 * {@code /api/v1/serializers/{serializerId}/descriptors}: One Nio's path ({@link SessionApi#ONE_NIO_DESCRIPTORS_PATH})
 * is one instance of it. Bodies are {@link DescriptorBatch}es both ways; a single descriptor is a batch of one. The
 * server checks each record's structure and that its uid is the digest of its bytes ({@link DescriptorAdmission}), and
 * bounds the registry and each answer ({@link DescriptorPages}); it never loads a class a descriptor names.
 *
 * <p>The {@link SchemaStore} is synchronous and may block (Redis through {@code RedisTemplate}), and these
 * requests are rare (a client's startup, a reader's miss): its calls, and the digest of every record of an upload
 * (up to {@link SchemaProperties#maxBatchSize()} bytes), run on Reactor's bounded elastic threads, never on the
 * event loop.
 */
public final class SchemaHandler {

    public static final String DESCRIPTORS_PATH = SessionApi.SERIALIZERS_PATH + "/{serializerId}/descriptors";
    public static final String DESCRIPTOR_PATH = DESCRIPTORS_PATH + "/{uid}";

    private final SchemaStore store;
    private final SerializerPolicy serializers;
    private final SchemaProperties properties;
    private final WriteAdmission admission;
    private final DescriptorAdmission descriptors;
    private final DescriptorPages pages;

    public SchemaHandler(SchemaStore store, SerializerPolicy serializers, SchemaProperties properties,
            WriteAdmission admission) {
        this.store = store;
        this.serializers = serializers;
        this.properties = properties;
        this.admission = admission;
        this.descriptors = new DescriptorAdmission(properties);
        this.pages = new DescriptorPages(store, properties);
    }

    /**
     * {@code PUT}: stores the new descriptors of the batch; {@code 409} and nothing stored if a uid is held with
     * other bytes, {@code 400} if a record is no descriptor of its uid, {@code 413} past the batch bounds, {@code 429}
     * past the serializer's total. A batch: int count, then per descriptor long uid, int length, bytes (big-endian).
     */
    public Mono<ServerResponse> upload(ServerRequest request) {
        String serializer = known(request.pathVariable("serializerId"));
        HttpHeaders headers = request.headers().asHttpHeaders();
        descriptors.requireExchanging(serializer);
        MediaType mediaType = descriptorsOf(serializer);
        if (!isDescriptorBatch(mediaType, headers.getFirst(HttpHeaders.CONTENT_TYPE))) {
            throw new ApiProblemException(ProblemType.UNSUPPORTED_MEDIA_TYPE,
                    "Send the descriptors as " + mediaType + ".");
        }
        long maxSize = properties.maxBatchSize().toBytes();
        return Mono.using(() -> admission.admit(headers.getContentLength(), maxSize),
                        permit -> RequestBodies.read(request.exchange().getRequest(), maxSize)
                                .map(SchemaHandler::decode)
                                .flatMap(batch -> blocking(request, () -> {
                                    descriptors.check(serializer, batch);
                                    return store.putDescriptors(serializer, batch, descriptors.maxTotalBytes());
                                })),
                        WriteAdmission.Permit::close)
                .flatMap(result -> {
                    descriptors.checkStored(result);
                    return ServerResponse.noContent().build();
                });
    }

    /**
     * {@code GET}: one page of a serializer's descriptors in uid order, as a batch: {@code after} the last uid of the
     * previous page, at most {@code limit} of them ({@link DescriptorPages}).
     */
    public Mono<ServerResponse> all(ServerRequest request) {
        String serializer = known(request.pathVariable("serializerId"));
        String after = request.queryParam("after").orElse(null);
        String limit = request.queryParam("limit").orElse(null);
        return blocking(request, () -> pages.page(serializer, after, limit))
                .flatMap(page -> batch(serializer, page));
    }

    /** {@code GET}: one class descriptor of a serializer, as a batch of one (for a reader's lazy miss). */
    public Mono<ServerResponse> one(ServerRequest request) {
        String serializer = known(request.pathVariable("serializerId"));
        String uid = request.pathVariable("uid");
        long value;
        try {
            value = ClassDescriptor.uidFromHex(uid);
        } catch (IllegalArgumentException e) {
            throw new ApiProblemException(ProblemType.INVALID_REQUEST, "A uid is 16 hex digits; got '" + uid + "'.");
        }
        return blocking(request, () -> store.descriptor(serializer, value).orElseThrow(() ->
                new ApiProblemException(ProblemType.NOT_FOUND, "No descriptor of uid " + uid + ".")))
                .flatMap(descriptor -> batch(serializer, List.of(descriptor)));
    }

    /** The call on a bounded elastic thread, its answer back on the request's event loop ({@link EventLoops}). */
    private static <T> Mono<T> blocking(ServerRequest request, Callable<T> call) {
        return Mono.fromCallable(call).subscribeOn(Schedulers.boundedElastic())
                .publishOn(EventLoops.scheduler(request.exchange()));
    }

    /** The serializer id of the path; a {@code 404} problem unless the server knows it. */
    private String known(String serializerId) {
        if (!serializers.info().available().contains(serializerId)) {
            throw new ApiProblemException(ProblemType.NOT_FOUND, "No serializer '" + serializerId + "'; known: "
                    + serializers.info().available() + ".");
        }
        return serializerId;
    }

    /** A serializer's batch media type: {@link SessionApi#DESCRIPTORS_MEDIA_TYPE} for One Nio. */
    private static MediaType descriptorsOf(String serializerId) {
        return MediaType.parseMediaType(SessionApi.descriptorsMediaType(serializerId));
    }

    private static boolean isDescriptorBatch(MediaType expected, @Nullable String contentType) {
        try {
            return contentType != null && expected.equalsTypeAndSubtype(MediaType.parseMediaType(contentType));
        } catch (InvalidMediaTypeException e) {
            return false;
        }
    }

    private static Mono<ServerResponse> batch(String serializerId, List<ClassDescriptor> descriptors) {
        byte[] body = DescriptorBatch.encode(descriptors);
        return ServerResponse.ok().contentType(descriptorsOf(serializerId)).contentLength(body.length)
                .body(ByteBodies.of(body));
    }

    private static List<ClassDescriptor> decode(byte[] body) {
        try {
            return DescriptorBatch.decode(body);
        } catch (IllegalArgumentException e) {
            throw new ApiProblemException(ProblemType.INVALID_REQUEST, "Not a descriptor batch: " + e.getMessage());
        }
    }
}
