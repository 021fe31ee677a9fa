package dev.sessiondata.server.web;

import dev.sessiondata.api.SerializersInfo;
import dev.sessiondata.api.SessionApi;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /api/v1/serializers}: which serializer to write with, and which the server takes and has. */
@RestController
@Tag(name = "serializers")
public class SerializerController {

    private final SerializerPolicy serializers;

    public SerializerController(SerializerPolicy serializers) {
        this.serializers = serializers;
    }

    @Operation(operationId = "getSerializers", summary = "The active, accepted and available serializers")
    @GetMapping(path = SessionApi.SERIALIZERS_PATH, produces = MediaType.APPLICATION_JSON_VALUE)
    public SerializersInfo serializers() {
        return serializers.info();
    }
}
