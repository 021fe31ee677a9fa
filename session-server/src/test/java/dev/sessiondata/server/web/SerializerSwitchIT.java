package dev.sessiondata.server.web;

import static dev.sessiondata.server.web.SessionApiIT.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.server.support.Api;
import dev.sessiondata.server.support.RedisConnections;
import dev.sessiondata.server.support.RunningServer;
import dev.sessiondata.testsupport.RedisTarget;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * An operator switches the serializer: sessions written while {@code kryo} was active, then the server restarted
 * on the same Redis with {@code active=one-nio} and {@code accepted=one-nio}. Every old session still reads back
 * byte for byte with its original media type; kryo writes are refused; one-nio writes succeed.
 */
@ExtendWith(RedisTarget.class)
class SerializerSwitchIT {

    private final String prefix = "sessiondata-it-switch-" + UUID.randomUUID() + ":";

    @AfterEach
    void removeKeys() {
        LettuceConnectionFactory connections = RedisConnections.standalone(RedisTarget.url());
        try {
            RedisConnections.deleteKeys(connections, prefix);
        } finally {
            connections.destroy();
        }
    }

    private RunningServer start(String... properties) {
        String[] all = new String[properties.length + 3];
        all[0] = "sessiondata.store.type=redis";
        all[1] = "spring.data.redis.url=" + RedisTarget.url();
        all[2] = "sessiondata.store.redis.key-prefix=" + prefix;
        System.arraycopy(properties, 0, all, 3, properties.length);
        return RunningServer.start(all);
    }

    @Test
    void sessionsWrittenBeforeTheSwitchReadBackUnchangedAndOnlyTheNewSerializerIsAccepted() {
        Assumptions.assumeTrue(SessionSerializers.available().containsAll(List.of("kryo", KnownSerializers.ONE_NIO)),
                "the kryo and one-nio serializers are not on the class path yet: the switch test is SKIPPED; available: "
                        + SessionSerializers.available());
        SessionSerializer kryo = SessionSerializers.create("kryo", SerializerSettings.defaults());
        SessionSerializer oneNio = SessionSerializers.create(KnownSerializers.ONE_NIO, SerializerSettings.defaults());
        Map<String, byte[]> written = new LinkedHashMap<>();

        try (RunningServer before = start("sessiondata.serializer.active=kryo")) {
            Api api = before.writer();
            for (int i = 0; i < 20; i++) {
                byte[] body = kryo.serialize("session number " + i);
                assertThat(api.put("old-" + i, body, "kryo").statusCode()).isEqualTo(201);
                written.put("old-" + i, body);
            }
        }

        try (RunningServer after = start("sessiondata.serializer.active=one-nio", "sessiondata.serializer.accepted=one-nio")) {
            Api api = after.writer();
            written.forEach((id, body) -> {
                HttpResponse<byte[]> read = api.get(id);
                assertThat(read.statusCode()).isEqualTo(200);
                assertThat(read.body()).isEqualTo(body);
                assertThat(read.headers().firstValue("Content-Type")).contains(SessionApi.mediaTypeOf("kryo"));
                assertThat(read.headers().firstValue(SessionApi.SERIALIZER_ACTIVE_HEADER)).contains(KnownSerializers.ONE_NIO);
                assertThat(kryo.deserialize(read.body(), String.class)).startsWith("session number");
            });

            HttpResponse<byte[]> refused = api.put("new-kryo", kryo.serialize("late writer"), "kryo");
            assertProblem(refused, ProblemType.UNSUPPORTED_SERIALIZER);
            assertThat(new String(refused.body(), StandardCharsets.UTF_8)).contains("\"accepted\":[\"one-nio\"]");

            byte[] fresh = oneNio.serialize("new writer");
            assertThat(api.put("new-one-nio", fresh, KnownSerializers.ONE_NIO).statusCode()).isEqualTo(201);
            assertThat(api.get("new-one-nio").body()).isEqualTo(fresh);
            assertThat(api.put("old-0", fresh, KnownSerializers.ONE_NIO).statusCode()).isEqualTo(200);
        }
    }
}
