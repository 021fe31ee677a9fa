package dev.sessiondata.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.support.Api;
import dev.sessiondata.server.support.RunningServer;
import dev.sessiondata.server.support.SharedServers;
import dev.sessiondata.api.ProblemType;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The HTTP contract on the memory store, and the live sessions per serializer only this store counts. */
class MemoryStoreOverHttpIT extends StoreOverHttpContract {

    @Override
    protected RunningServer server() {
        return SharedServers.memory();
    }

    @Test
    void serializersAnswerCountsWritesAndLiveSessionsPerSerializer() {
        Api api = server().writer();
        JsonNode before = serializers(api);
        String id = uniqueId("counted");
        api.put(id, new byte[] {1}, "kryo");
        api.put(id, new byte[] {2}, "kryo");
        api.put(uniqueId("counted"), new byte[] {3}, "java");
        JsonNode after = serializers(api);

        assertThat(after.get("writes").get("kryo").asLong()).isEqualTo(before.get("writes").get("kryo").asLong() + 2);
        assertThat(after.get("writes").get("java").asLong()).isEqualTo(before.get("writes").get("java").asLong() + 1);
        assertThat(after.get("sessions").get("kryo").asLong()).isEqualTo(before.get("sessions").path("kryo").asLong() + 1);
        assertThat(after.get("sessions").get("java").asLong()).isEqualTo(before.get("sessions").path("java").asLong() + 1);
        assertThat(after.get("active").asString()).isNotEmpty();
    }

    /**
     * The default bound, 100 sessions per value: the next write naming the value is refused, writing nothing. (On
     * Redis the bound holds per partition's set of the value: RedisStoresIT.)
     */
    @Test
    void aWritePastTheSessionsOfAValueIsRefusedWithAConflict() {
        Api writer = server().writer();
        String principal = "busy-" + UUID.randomUUID();
        for (int i = 0; i < 100; i++) {
            assertThat(writer.put(uniqueId("s"), new byte[] {1}, "java", principal(principal)).statusCode()).isEqualTo(201);
        }
        String id = uniqueId("one-more");

        HttpResponse<byte[]> refused = writer.put(id, new byte[] {1}, "java", principal(principal));

        assertThat(refused.statusCode()).isEqualTo(409);
        assertThat(new String(refused.body(), StandardCharsets.UTF_8))
                .contains(ProblemType.INDEX_VALUE_FULL.uri().toString());
        assertThat(writer.get(id).statusCode()).isEqualTo(404);
    }

    static JsonNode serializers(Api api) {
        return JsonMapper.builder().build().readTree(api.send("GET", SessionApi.SERIALIZERS_PATH,
                HttpRequest.BodyPublishers.noBody()).body());
    }
}
