package dev.sessiondata.client.internal.schema;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.api.DescriptorBatch;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.client.SessionClientException;
import dev.sessiondata.client.internal.ApiRequest;
import dev.sessiondata.client.internal.ApiResponse;
import dev.sessiondata.client.internal.Transport;
import java.util.List;
import java.util.Optional;

/** The service's registry of one serializer's class descriptors over HTTP, in the {@link DescriptorBatch} format. */
public final class HttpSchemaRemote implements SchemaRemote {

    /** An answer is a batch of one descriptor: its framing and at most the largest descriptor the format allows. */
    static final int MAX_BATCH_BYTES = DescriptorBatch.MAX_DESCRIPTOR_BYTES + 16;

    private final Transport transport;
    private final String path;
    private final String mediaType;

    public HttpSchemaRemote(Transport transport, String serializerId) {
        this.transport = transport;
        this.path = SessionApi.descriptorsPath(serializerId);
        this.mediaType = SessionApi.descriptorsMediaType(serializerId);
    }

    @Override
    public boolean upload(List<ClassDescriptor> descriptors) {
        ApiRequest request = ApiRequest.put("descriptors-upload", path, DescriptorBatch.encode(descriptors))
                .header("Content-Type", mediaType);
        ApiResponse response = transport.send(request);
        if (response.status() == 403) {
            return false;
        }
        response.requireSuccess();
        return true;
    }

    @Override
    public Optional<ClassDescriptor> download(long uid) {
        ApiResponse response = get("descriptor-fetch",
                path + "/" + ClassDescriptor.uidToHex(uid));
        if (response.status() == 404) {
            return Optional.empty();
        }
        return decode(response).stream().filter(descriptor -> descriptor.uid() == uid).findFirst();
    }

    private ApiResponse get(String operation, String path) {
        return transport.send(ApiRequest.get(operation, path, MAX_BATCH_BYTES).header("Accept", mediaType));
    }

    private static List<ClassDescriptor> decode(ApiResponse response) {
        response.requireSuccess();
        try {
            return DescriptorBatch.decode(response.body());
        } catch (IllegalArgumentException e) {
            throw new SessionClientException(response.request() + " answered a malformed descriptor batch", e);
        }
    }
}
