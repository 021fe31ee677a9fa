package dev.sessiondata.server.web;

import static dev.sessiondata.server.web.SessionApiIT.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.api.DescriptorBatch;
import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.schema.TestDescriptors;
import dev.sessiondata.server.support.Api;
import dev.sessiondata.server.support.RunningServer;
import dev.sessiondata.server.support.SharedServers;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The descriptor registry over real HTTP, on the memory store: One Nio's path and the general one. */
class DescriptorApiIT {

    private final RunningServer server = SharedServers.memory();
    private final Api writer = server.writer();

    private HttpResponse<byte[]> upload(Api api, List<ClassDescriptor> descriptors) {
        return upload(api, DescriptorBatch.encode(descriptors), SessionApi.DESCRIPTORS_MEDIA_TYPE);
    }

    private static HttpResponse<byte[]> upload(Api api, byte[] body, String contentType) {
        return api.send("PUT", SessionApi.ONE_NIO_DESCRIPTORS_PATH, HttpRequest.BodyPublishers.ofByteArray(body),
                "Content-Type", contentType);
    }

    private HttpResponse<byte[]> download(String path) {
        return server.reader().send("GET", path, HttpRequest.BodyPublishers.noBody());
    }

    private static ClassDescriptor randomDescriptor() {
        return TestDescriptors.of("com.example.C" + UUID.randomUUID().toString().replace("-", ""));
    }

    @Test
    void uploadedDescriptorsAreServedAllAndOneByOne() {
        ClassDescriptor a = randomDescriptor();
        ClassDescriptor b = randomDescriptor();

        assertThat(upload(writer, List.of(a, b)).statusCode()).isEqualTo(204);

        HttpResponse<byte[]> all = download(SessionApi.ONE_NIO_DESCRIPTORS_PATH);
        assertThat(all.statusCode()).isEqualTo(200);
        assertThat(all.headers().firstValue("Content-Type")).contains(SessionApi.DESCRIPTORS_MEDIA_TYPE);
        assertThat(DescriptorBatch.decode(all.body())).contains(a, b);
        HttpResponse<byte[]> one = download(SessionApi.ONE_NIO_DESCRIPTORS_PATH + "/" + a.uidHex());
        assertThat(one.statusCode()).isEqualTo(200);
        assertThat(DescriptorBatch.decode(one.body())).containsExactly(a);
    }

    @Test
    void uploadingTheSameDescriptorsAgainIsANoOp() {
        ClassDescriptor a = randomDescriptor();
        upload(writer, List.of(a));

        assertThat(upload(writer, List.of(a)).statusCode()).isEqualTo(204);
        assertThat(DescriptorBatch.decode(download(SessionApi.ONE_NIO_DESCRIPTORS_PATH + "/" + a.uidHex()).body()))
                .containsExactly(a);
    }

    @Test
    void theSameUidWithOtherBytesIs400AndStoresNothingOfTheBatch() {
        ClassDescriptor a = randomDescriptor();
        upload(writer, List.of(a));
        ClassDescriptor changed = new ClassDescriptor(a.uid(), new byte[] {1, 2, 3});
        ClassDescriptor fresh = randomDescriptor();

        HttpResponse<byte[]> refused = upload(writer, List.of(fresh, changed));

        assertProblem(refused, ProblemType.INVALID_DESCRIPTOR);
        assertThat(new String(refused.body(), StandardCharsets.UTF_8)).contains(a.uidHex());
        assertProblem(download(SessionApi.ONE_NIO_DESCRIPTORS_PATH + "/" + fresh.uidHex()), ProblemType.NOT_FOUND);
        assertThat(DescriptorBatch.decode(download(SessionApi.ONE_NIO_DESCRIPTORS_PATH + "/" + a.uidHex()).body()))
                .containsExactly(a);
    }

    /** Finding 3 of #10: four garbage bytes under a real descriptor's uid locked every One Nio client out. */
    @Test
    void aSquatterCannotTakeAUidAndTheRealDescriptorIsStoredAfterIt() {
        ClassDescriptor real = randomDescriptor();
        ClassDescriptor squatter = new ClassDescriptor(real.uid(), new byte[] {1, 2, 3, 4});

        assertProblem(upload(writer, List.of(squatter)), ProblemType.INVALID_DESCRIPTOR);

        assertThat(upload(writer, List.of(real)).statusCode()).isEqualTo(204);
        assertThat(DescriptorBatch.decode(download(SessionApi.ONE_NIO_DESCRIPTORS_PATH + "/" + real.uidHex()).body()))
                .containsExactly(real);
    }

    @Test
    void aSerializerThatExchangesNoDescriptorsTakesNoUpload() {
        HttpResponse<byte[]> refused = writer.send("PUT", SessionApi.SERIALIZERS_PATH + "/kryo/descriptors",
                HttpRequest.BodyPublishers.ofByteArray(DescriptorBatch.encode(List.of(randomDescriptor()))),
                "Content-Type", SessionApi.DESCRIPTORS_MEDIA_TYPE);

        assertProblem(refused, ProblemType.NOT_FOUND);
    }

    @Test
    void anUnknownUidIs404AndAMalformedOneIs400() {
        assertProblem(download(SessionApi.ONE_NIO_DESCRIPTORS_PATH + "/00000000000000ff"), ProblemType.NOT_FOUND);
        assertProblem(download(SessionApi.ONE_NIO_DESCRIPTORS_PATH + "/xyz"), ProblemType.INVALID_REQUEST);
    }

    @Test
    void theGeneralPathServesEachSerializerItsOwnDescriptorsAndAnUnknownSerializerIs404() {
        ClassDescriptor a = randomDescriptor();
        assertThat(upload(writer, List.of(a)).statusCode()).isEqualTo(204);

        assertThat(DescriptorBatch.decode(download(SessionApi.SERIALIZERS_PATH + "/kryo/descriptors").body())).isEmpty();
        assertProblem(download(SessionApi.SERIALIZERS_PATH + "/kryo/descriptors/" + a.uidHex()), ProblemType.NOT_FOUND);
        assertProblem(download(SessionApi.SERIALIZERS_PATH + "/no-such-serializer/descriptors"), ProblemType.NOT_FOUND);
    }

    @Test
    void aBodyThatIsNotADescriptorBatchIsRefused() {
        assertProblem(upload(writer, new byte[] {0, 0, 0, 9, 1}, SessionApi.DESCRIPTORS_MEDIA_TYPE),
                ProblemType.INVALID_REQUEST);
        assertProblem(upload(writer, DescriptorBatch.encode(List.of()), "application/octet-stream"),
                ProblemType.UNSUPPORTED_MEDIA_TYPE);
        assertProblem(upload(writer, new byte[SharedServers.MAX_SIZE + 1], SessionApi.DESCRIPTORS_MEDIA_TYPE),
                ProblemType.PAYLOAD_TOO_LARGE);
    }

    @Test
    void uploadingNeedsAReadWriteToken() {
        assertProblem(upload(server.reader(), List.of(randomDescriptor())), ProblemType.FORBIDDEN);
        assertProblem(upload(server.anonymous(), List.of(randomDescriptor())), ProblemType.UNAUTHORIZED);
    }
}
