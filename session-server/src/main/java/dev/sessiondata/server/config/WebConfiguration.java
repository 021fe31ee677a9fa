package dev.sessiondata.server.config;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.server.metrics.ServerMetrics;
import dev.sessiondata.server.schema.SchemaHandler;
import dev.sessiondata.server.schema.SchemaProperties;
import dev.sessiondata.server.security.BearerTokenFilter;
import dev.sessiondata.server.security.SecurityProperties;
import dev.sessiondata.server.security.TokenRegistry;
import dev.sessiondata.server.store.SchemaStore;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.web.ActiveSerializerHeaderFilter;
import dev.sessiondata.server.web.ApiRoutes;
import dev.sessiondata.server.web.OpenApiDocument;
import dev.sessiondata.server.web.OverloadProperties;
import dev.sessiondata.server.web.ProblemHandler;
import dev.sessiondata.server.web.SerializerPolicy;
import dev.sessiondata.server.web.SerializerProperties;
import dev.sessiondata.server.web.SessionHandler;
import dev.sessiondata.server.web.SessionProperties;
import dev.sessiondata.server.web.WriteAdmission;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;
import tools.jackson.databind.json.JsonMapper;

/**
 * The web layer: the routes and their handlers, the API's filters, the problem handler, the serializer policy,
 * the write admission and the server's meters. WebFlux functional endpoints on Reactor Netty: a request is parsed,
 * checked, answered from the store and written on the event loop that read it.
 */
@Configuration(proxyBeanMethods = false)
public class WebConfiguration {

    /** Fails the startup with a message that names the property when the serializer configuration cannot work. */
    @Bean
    SerializerPolicy serializerPolicy(SerializerProperties properties) {
        return SerializerPolicy.of(properties.active(), properties.accepted(), KnownSerializers.IDS);
    }

    @Bean
    TokenRegistry tokenRegistry(SecurityProperties properties) {
        return TokenRegistry.of(properties);
    }

    @Bean
    ServerMetrics serverMetrics(MeterRegistry registry, SerializerPolicy serializers) {
        return new ServerMetrics(registry, serializers.info().accepted());
    }

    @Bean
    WriteAdmission writeAdmission(OverloadProperties properties) {
        return new WriteAdmission(properties);
    }

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    ActiveSerializerHeaderFilter activeSerializerHeaderFilter(SerializerPolicy serializers) {
        return new ActiveSerializerHeaderFilter(serializers);
    }

    @Bean
    BearerTokenFilter bearerTokenFilter(TokenRegistry tokens) {
        return new BearerTokenFilter(tokens);
    }

    @Bean
    ProblemHandler problemHandler(ServerMetrics metrics, WriteAdmission admission, JsonMapper json) {
        return new ProblemHandler(metrics, admission, json);
    }

    @Bean
    SessionHandler sessionHandler(SessionStore store, SerializerPolicy serializers, SessionProperties properties,
            ServerMetrics metrics, WriteAdmission admission) {
        return new SessionHandler(store, serializers, properties, metrics, admission);
    }

    @Bean
    SchemaHandler schemaHandler(SchemaStore store, SerializerPolicy serializers, SchemaProperties properties,
            WriteAdmission admission) {
        return new SchemaHandler(store, serializers, properties, admission);
    }

    @Bean
    RouterFunction<ServerResponse> apiRoutes(SessionHandler sessions, SchemaHandler schemas, SerializerPolicy serializers) {
        return ApiRoutes.of(sessions, schemas, serializers, new OpenApiDocument());
    }
}
