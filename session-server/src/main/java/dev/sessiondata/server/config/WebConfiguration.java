package dev.sessiondata.server.config;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.changes.ChangesRoute;
import dev.sessiondata.server.http.Admission;
import dev.sessiondata.server.http.AnswerBytes;
import dev.sessiondata.server.http.ApiPipeline;
import dev.sessiondata.server.http.OpenApiDocument;
import dev.sessiondata.server.http.OverloadProperties;
import dev.sessiondata.server.http.ProblemDocuments;
import dev.sessiondata.server.http.RouteTable;
import dev.sessiondata.server.http.WriteAdmission;
import dev.sessiondata.server.index.IndexHeaders;
import dev.sessiondata.server.index.IndexLookup;
import dev.sessiondata.server.index.IndexProperties;
import dev.sessiondata.server.index.IndexRoutes;
import dev.sessiondata.server.metrics.RequestMetrics;
import dev.sessiondata.server.metrics.ServerMetrics;
import dev.sessiondata.server.schema.SchemaProperties;
import dev.sessiondata.server.schema.SchemaRoutes;
import dev.sessiondata.server.security.BearerAuthentication;
import dev.sessiondata.server.security.SecurityProperties;
import dev.sessiondata.server.security.TokenRegistry;
import dev.sessiondata.server.serializer.ActiveSerializerHeader;
import dev.sessiondata.server.serializer.SerializerPolicy;
import dev.sessiondata.server.serializer.SerializerProperties;
import dev.sessiondata.server.serializer.SerializerRoutes;
import dev.sessiondata.server.session.SessionProperties;
import dev.sessiondata.server.session.SessionRoutes;
import dev.sessiondata.server.session.TouchBatchRoute;
import dev.sessiondata.server.store.SchemaStore;
import dev.sessiondata.server.store.SessionIndex;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionStoreStatistics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.time.Clock;
import java.util.List;
import org.springframework.boot.webflux.autoconfigure.WebHttpHandlerBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.client.ReactorResourceFactory;
import org.springframework.web.server.WebExceptionHandler;
import org.springframework.web.server.WebFilter;
import reactor.netty.resources.LoopResources;
import tools.jackson.databind.json.JsonMapper;

/**
 * The request pipeline ({@link ApiPipeline}): its links, outermost first, and its route table. Every request but the
 * actuator's takes it, on Reactor Netty alone; WebFlux serves only the actuator, as Spring Boot puts it, with the
 * same request timers and problem documents.
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
    AnswerBytes answerBytes(OverloadProperties properties) {
        return new AnswerBytes(properties);
    }

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    ProblemDocuments problemDocuments(JsonMapper json, ServerMetrics metrics, OverloadProperties overload) {
        return new ProblemDocuments(json, metrics::rejected, overload.retryAfterSeconds());
    }

    /** Every route of the API: adding one is one line here and a handler. */
    @Bean
    RouteTable routeTable(SessionRoutes sessions, TouchBatchRoute touches, IndexRoutes indexes, ChangesRoute changes,
            SerializerRoutes serializers, SchemaRoutes schemas) {
        return RouteTable.builder()
                .get(SessionRoutes.SESSION_PATH, sessions::get)
                .put(SessionRoutes.SESSION_PATH, sessions.maxSize(), sessions::put)
                .delete(SessionRoutes.SESSION_PATH, sessions::delete)
                .post(SessionRoutes.TOUCH_PATH, 0, sessions::touch)
                .post(SessionRoutes.ID_PATH, 0, sessions::changeId)
                .post(TouchBatchRoute.PATH, touches.maxBodyBytes(), touches::touchAll)
                .get(IndexRoutes.INDEX_SESSIONS_PATH, indexes::sessions)
                .get(SessionApi.SERIALIZERS_PATH, serializers::serializers)
                .get(SchemaRoutes.DESCRIPTORS_PATH, schemas::all)
                .put(SchemaRoutes.DESCRIPTORS_PATH, schemas.maxBatchSize(), schemas::upload)
                .get(SchemaRoutes.DESCRIPTOR_PATH, schemas::one)
                .get(OpenApiDocument.PATH, new OpenApiDocument()::get)
                .get(ChangesRoute.PATH, changes::changes)
                .build();
    }

    @Bean
    RequestMetrics requestMetrics(MeterRegistry registry, RouteTable routes) {
        return new RequestMetrics(registry, routes);
    }

    @Bean
    ApiPipeline apiPipeline(RequestMetrics metrics, ProblemDocuments problems, SerializerPolicy serializers,
            TokenRegistry tokens, WriteAdmission writes, AnswerBytes answers, RouteTable routes) {
        return new ApiPipeline(List.of(metrics, problems, new ActiveSerializerHeader(serializers),
                new BearerAuthentication(tokens), new Admission(writes)), routes, problems, answers);
    }

    @Bean
    SessionRoutes sessionRoutes(SessionStore store, SerializerPolicy serializers, SessionProperties properties,
            ServerMetrics metrics, IndexHeaders indexes) {
        return new SessionRoutes(store, serializers, properties, metrics, indexes);
    }

    @Bean
    TouchBatchRoute touchBatchRoute(SessionStore store, SessionProperties properties, JsonMapper json) {
        return new TouchBatchRoute(store, properties, json);
    }

    @Bean
    IndexHeaders indexHeaders(IndexProperties properties) {
        return new IndexHeaders(properties);
    }

    @Bean
    IndexRoutes indexRoutes(SessionIndex index, IndexHeaders indexes, IndexProperties properties, JsonMapper json) {
        return new IndexRoutes(new IndexLookup(index, indexes, properties), json);
    }

    @Bean
    SerializerRoutes serializerRoutes(SerializerPolicy serializers, ServerMetrics metrics,
            SessionStoreStatistics statistics, JsonMapper json) {
        return new SerializerRoutes(serializers, metrics, statistics, json);
    }

    @Bean
    SchemaRoutes schemaRoutes(SchemaStore store, SerializerPolicy serializers, SchemaProperties properties) {
        return new SchemaRoutes(store, serializers, properties);
    }

    /** The actuator's requests timed as the pipeline times its own. */
    @Bean
    WebFilter actuatorRequestMetrics(RequestMetrics metrics) {
        return metrics.webFlux();
    }

    /** The actuator's refusals and failures as problem documents. */
    @Bean
    WebExceptionHandler actuatorProblems(ProblemDocuments problems) {
        return problems.webFlux();
    }

    /**
     * No observation of each actuator request by WebFlux: {@link RequestMetrics} records the same
     * {@code http.server.requests} timers. Last, so that nothing sets the registry again.
     */
    @Bean
    @Order(Ordered.LOWEST_PRECEDENCE)
    WebHttpHandlerBuilderCustomizer noRequestObservation() {
        return builder -> builder.observationRegistry(ObservationRegistry.NOOP);
    }

    /**
     * Event loops of this application's own, disposed with it, instead of Reactor Netty's global ones: with global
     * loops, closing one application context in a JVM disposes the loops every other server of that JVM runs on
     * (the tests run several servers in one JVM, and a server stopped by one test class took the shared one down).
     */
    @Bean
    ReactorResourceFactory reactorResourceFactory(LoopResources serverLoops) {
        ReactorResourceFactory factory = new ReactorResourceFactory();
        factory.setUseGlobalResources(false);
        factory.setLoopResources(serverLoops);
        return factory;
    }

    /**
     * The web server's event loops (what {@link ReactorResourceFactory} would make itself), a bean of their own so
     * that they are disposed only after everything that runs on them: after the web server stops and after the beans
     * that use them.
     */
    @Bean(destroyMethod = "dispose")
    LoopResources serverLoops() {
        return LoopResources.create("webflux-http");
    }
}
