package dev.sessiondata.server.schema;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.api.DescriptorBatch;
import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.http.ApiProblemException;
import dev.sessiondata.server.http.ApiRequest;
import dev.sessiondata.server.http.NettyHeaders;
import dev.sessiondata.server.http.Reply;
import dev.sessiondata.server.serializer.SerializerPolicy;
import dev.sessiondata.server.store.SchemaStore;
import io.netty.handler.codec.http.HttpHeaderNames;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
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
 * event loop; their answers come back to the connection's event loop.
 */
public final class SchemaRoutes {

    public static final String DESCRIPTORS_PATH = SessionApi.SERIALIZERS_PATH + "/{serializerId}/descriptors";
    public static final String DESCRIPTOR_PATH = DESCRIPTORS_PATH + "/{uid}";
    static final int CONCURRENT_LISTINGS = 2;
    /**
     * How long a listing waits for a build permit: a page is built in milliseconds, so the clients of a fleet that
     * start together are served one after another; a listing that still finds none is the {@code 503} of an
     * overloaded server.
     */
    private static final Duration LISTING_WAIT = Duration.ofSeconds(2);

    private final SchemaStore store;
    private final SerializerPolicy serializers;
    private final SchemaProperties properties;
    private final DescriptorAdmission descriptors;
    private final DescriptorPages pages;
    private final ListingPermits listings = new ListingPermits(CONCURRENT_LISTINGS);

    public SchemaRoutes(SchemaStore store, SerializerPolicy serializers, SchemaProperties properties) {
        this.store = store;
        this.serializers = serializers;
        this.properties = properties;
        this.descriptors = new DescriptorAdmission(properties);
        this.pages = new DescriptorPages(store, properties);
    }

    /**
     * {@code PUT}: stores the new descriptors of the batch; {@code 409} and nothing stored if a uid is held with
     * other bytes, {@code 400} if a record is no descriptor of its uid, {@code 413} past the batch bounds, {@code 429}
     * past the serializer's total. A batch: int count, then per descriptor long uid, int length, bytes (big-endian).
     */
    public Mono<Reply> upload(ApiRequest request) {
        String serializer = known(request.variable("serializerId"));
        descriptors.requireExchanging(serializer);
        MediaType mediaType = descriptorsOf(serializer);
        if (!isDescriptorBatch(mediaType, request.header(HttpHeaderNames.CONTENT_TYPE))) {
            throw new ApiProblemException(ProblemType.UNSUPPORTED_MEDIA_TYPE,
                    "Send the descriptors as " + mediaType + ".");
        }
        return request.body(maxBatchSize())
                .map(SchemaRoutes::decode)
                .flatMap(batch -> blocking(request, () -> {
                    descriptors.check(serializer, batch);
                    return store.putDescriptors(serializer, batch, descriptors.maxTotalBytes());
                }))
                .map(result -> {
                    descriptors.checkStored(result);
                    return Reply.status(204).build();
                });
    }

    /** The largest upload a {@code PUT} takes. */
    public long maxBatchSize() {
        return properties.maxBatchSize().toBytes();
    }

    /**
     * {@code GET}: one page of a serializer's descriptors in uid order, as a batch: {@code after} the last uid of the
     * previous page, at most {@code limit} of them ({@link DescriptorPages}).
     */
    public Mono<Reply> all(ApiRequest request) {
        String serializer = known(request.variable("serializerId"));
        String after = request.queryParameter("after");
        String limit = request.queryParameter("limit");
        return Mono.usingWhen(listings.acquire(LISTING_WAIT),
                permit -> blocking(request, () -> pages.page(serializer, after, limit)).map(page -> batch(serializer, page)),
                permit -> Mono.fromRunnable(permit::release));
    }

    /** {@code GET}: one class descriptor of a serializer, as a batch of one (for a reader's lazy miss). */
    public Mono<Reply> one(ApiRequest request) {
        String serializer = known(request.variable("serializerId"));
        String uid = request.variable("uid");
        long value;
        try {
            value = ClassDescriptor.uidFromHex(uid);
        } catch (IllegalArgumentException e) {
            throw new ApiProblemException(ProblemType.INVALID_REQUEST, "A uid is 16 hex digits; got '" + uid + "'.");
        }
        return blocking(request, () -> store.descriptor(serializer, value).orElseThrow(() ->
                new ApiProblemException(ProblemType.NOT_FOUND, "No descriptor of uid " + uid + ".")))
                .map(descriptor -> batch(serializer, List.of(descriptor)));
    }

    /** The call on a bounded elastic thread, its answer back on the connection's event loop. */
    private static <T> Mono<T> blocking(ApiRequest request, Callable<T> call) {
        return Mono.fromCallable(call).subscribeOn(Schedulers.boundedElastic())
                .publishOn(Schedulers.fromExecutor(request.eventLoop()));
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

    private static Reply batch(String serializerId, List<ClassDescriptor> descriptors) {
        return Reply.status(200).header(NettyHeaders.CONTENT_TYPE, descriptorsOf(serializerId).toString())
                .body(DescriptorBatch.encode(descriptors));
    }

    private static List<ClassDescriptor> decode(byte[] body) {
        try {
            return DescriptorBatch.decode(body);
        } catch (IllegalArgumentException e) {
            throw new ApiProblemException(ProblemType.INVALID_REQUEST, "Not a descriptor batch: " + e.getMessage());
        }
    }
}
