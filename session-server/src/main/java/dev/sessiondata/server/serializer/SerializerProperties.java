package dev.sessiondata.server.serializer;

import dev.sessiondata.api.KnownSerializers;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Which serializers the server names and takes.
 *
 * @param active   the serializer new writes should use, announced in {@code Session-Serializer-Active}
 * @param accepted the serializers writes may use; empty means every known id (dev.sessiondata.api.KnownSerializers). Narrowing it closes a
 *                 migration window; it must include {@code active}.
 */
@ConfigurationProperties("sessiondata.serializer")
public record SerializerProperties(@DefaultValue(KnownSerializers.DEFAULT_ACTIVE) String active, @DefaultValue List<String> accepted) {
}
