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
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Finding 2 of #10: the descriptor registry had no bound; uploads grew it until the server died, and one answer
 * carried all of it. Here a server with small bounds shows each one answering its problem document.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class) // the registry is filled to its bound last
class DescriptorBoundsIT {

    private static final int MAX_COUNT = 10;
    private static final int PAGE_SIZE = 5;
    private static final int MAX_TOTAL_BYTES = 2048;

    private static RunningServer server;
    private static Api writer;

    @BeforeAll
    static void start() {
        server = RunningServer.start("sessiondata.descriptors.max-batch-count=" + MAX_COUNT,
                "sessiondata.descriptors.max-total-size=" + MAX_TOTAL_BYTES + "B",
                "sessiondata.descriptors.max-descriptor-size=100B",
                "sessiondata.descriptors.page-size=" + PAGE_SIZE);
        writer = server.writer();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static HttpResponse<byte[]> upload(List<ClassDescriptor> descriptors) {
        return writer.send("PUT", SessionApi.ONE_NIO_DESCRIPTORS_PATH,
                HttpRequest.BodyPublishers.ofByteArray(DescriptorBatch.encode(descriptors)),
                "Content-Type", SessionApi.DESCRIPTORS_MEDIA_TYPE);
    }

    private static HttpResponse<byte[]> list(String query) {
        return server.reader().send("GET", SessionApi.ONE_NIO_DESCRIPTORS_PATH + query,
                HttpRequest.BodyPublishers.noBody());
    }

    private static List<ClassDescriptor> descriptors(String prefix, int count) {
        return IntStream.range(0, count).mapToObj(i -> TestDescriptors.of("com.example." + prefix + i)).toList();
    }

    @Test
    void aBatchOfMoreDescriptorsThanTheBoundIs413() {
        assertProblem(upload(descriptors("Many", MAX_COUNT + 1)), ProblemType.PAYLOAD_TOO_LARGE);
    }

    @Test
    void aDescriptorOverTheSizeBoundIs413() {
        assertProblem(upload(List.of(TestDescriptors.of("com.example." + "Long".repeat(30)))),
                ProblemType.PAYLOAD_TOO_LARGE);
    }

    @Test
    @Order(2)
    void theRegistryStopsAtItsTotalBoundWith429AndNoRetryInvitation() {
        HttpResponse<byte[]> last;
        int batch = 0;
        do {
            last = upload(descriptors("Full" + batch++ + "_", MAX_COUNT));
        } while (last.statusCode() == 204 && batch < 100);

        assertProblem(last, ProblemType.SCHEMA_QUOTA_EXCEEDED);
        assertThat(last.headers().firstValue("Retry-After")).isEmpty();
        assertThat(batch).isLessThan(100);
        ClassDescriptor refused = descriptors("Full" + (batch - 1) + "_", 1).get(0);
        assertProblem(list("/" + refused.uidHex()), ProblemType.NOT_FOUND);
    }

    @Test
    @Order(1)
    void theListingIsPagedAfterTheLastUidAndEndsWithAnEmptyPage() {
        assertThat(upload(descriptors("Page", 8)).statusCode()).isEqualTo(204);
        List<ClassDescriptor> all = new ArrayList<>();
        String after = null;
        int pages = 0;
        while (true) {
            HttpResponse<byte[]> page = list(after == null ? "" : "?after=" + after);
            assertThat(page.statusCode()).isEqualTo(200);
            List<ClassDescriptor> descriptors = DescriptorBatch.decode(page.body());
            assertThat(descriptors).hasSizeLessThanOrEqualTo(PAGE_SIZE);
            if (descriptors.isEmpty()) {
                break;
            }
            all.addAll(descriptors);
            after = descriptors.get(descriptors.size() - 1).uidHex();
            pages++;
        }

        assertThat(pages).isGreaterThan(1);
        assertThat(all).extracting(ClassDescriptor::uidHex).isSorted().doesNotHaveDuplicates();
        assertThat(DescriptorBatch.decode(list("?limit=2").body())).hasSize(2);
    }

    @Test
    void aMalformedPageRequestIs400() {
        assertProblem(list("?limit=0"), ProblemType.INVALID_REQUEST);
        assertProblem(list("?limit=" + (PAGE_SIZE + 1)), ProblemType.INVALID_REQUEST);
        assertProblem(list("?limit=%EF%BC%91"), ProblemType.INVALID_REQUEST);
        assertProblem(list("?after=xyz"), ProblemType.INVALID_REQUEST);
    }
}
