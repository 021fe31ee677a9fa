package dev.sessiondata.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.metrics.ServerMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Only the empty answers Reactor Netty and Spring's adapter give to unparsable requests become problem documents;
 * every other response, the API's own problems included, passes through as it was written.
 */
class DecodingFailureProblemsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final EmbeddedChannel channel = new EmbeddedChannel(
            decodingFailureProblems());

    private DecodingFailureProblems decodingFailureProblems() {
        ServerMetrics metrics = new ServerMetrics(registry, List.of("java"));
        return new DecodingFailureProblems(new ProblemDocuments(JSON, metrics::rejected, 1), metrics::rejected);
    }

    private static FullHttpResponse empty(HttpResponseStatus status) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.buffer(0));
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, 0);
        return response;
    }

    private double rejected(ProblemType type) {
        return registry.counter("sessiondata.requests.rejected", "reason", type.slug()).count();
    }

    @Test
    void anEmpty400414Or431BecomesTheProblemOfItsStatusAndClosesTheConnection() {
        for (ProblemType type : new ProblemType[] {ProblemType.INVALID_REQUEST, ProblemType.URI_TOO_LONG,
                ProblemType.HEADER_TOO_LARGE}) {
            EmbeddedChannel connection = new EmbeddedChannel(
                    decodingFailureProblems());
            connection.writeOutbound(empty(HttpResponseStatus.valueOf(type.status())));
            FullHttpResponse written = connection.readOutbound();
            String body = written.content().toString(StandardCharsets.UTF_8);
            JsonNode problem = JSON.readTree(body);
            assertThat(written.status().code()).isEqualTo(type.status());
            assertThat(written.headers().get(HttpHeaderNames.CONTENT_TYPE)).isEqualTo(SessionApi.PROBLEM_MEDIA_TYPE);
            assertThat(written.headers().getInt(HttpHeaderNames.CONTENT_LENGTH)).isEqualTo(body.length());
            assertThat(written.headers().get(HttpHeaderNames.CONNECTION)).isEqualTo("close");
            assertThat(problem.get("type").asString()).isEqualTo(type.uri().toString());
            assertThat(problem.get("status").asInt()).isEqualTo(type.status());
            assertThat(problem.has("instance")).isFalse();
            assertThat(connection.isOpen()).as(type.slug()).isFalse();
            assertThat(rejected(type)).isEqualTo(1);
            written.release();
        }
    }

    @Test
    void otherResponsesPassUntouched() {
        FullHttpResponse ok = empty(HttpResponseStatus.OK);
        FullHttpResponse apiProblem = empty(HttpResponseStatus.BAD_REQUEST);
        apiProblem.headers().set(HttpHeaderNames.CONTENT_TYPE, SessionApi.PROBLEM_MEDIA_TYPE);
        FullHttpResponse withBody = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.BAD_REQUEST,
                Unpooled.wrappedBuffer(new byte[] {'x'}));
        DefaultHttpResponse streamed = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.BAD_REQUEST);
        for (Object response : new Object[] {ok, apiProblem, withBody, streamed}) {
            channel.writeOutbound(response);
            assertThat((Object) channel.readOutbound()).isSameAs(response);
        }
        assertThat(channel.isOpen()).isTrue();
        assertThat(registry.get("sessiondata.requests.rejected").counters())
                .allSatisfy(counter -> assertThat(counter.count()).isZero());
        channel.finishAndReleaseAll();
    }
}
