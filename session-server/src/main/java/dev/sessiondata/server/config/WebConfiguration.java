package dev.sessiondata.server.config;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.server.metrics.RequestMetrics;
import dev.sessiondata.server.metrics.ServerMetrics;
import dev.sessiondata.server.schema.SchemaHandler;
import dev.sessiondata.server.schema.SchemaProperties;
import dev.sessiondata.server.security.BearerTokenFilter;
import dev.sessiondata.server.security.SecurityProperties;
import dev.sessiondata.server.security.TokenRegistry;
import dev.sessiondata.server.store.SchemaStore;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionStoreStatistics;
import dev.sessiondata.server.web.ActiveSerializerHeaderFilter;
import dev.sessiondata.server.store.SessionIndex;
import dev.sessiondata.server.web.ApiRoutes;
import dev.sessiondata.server.web.ChangesRoute;
import dev.sessiondata.server.web.IndexHandler;
import dev.sessiondata.server.web.IndexHeaders;
import dev.sessiondata.server.web.IndexLookup;
import dev.sessiondata.server.web.IndexProperties;
import dev.sessiondata.server.web.OpenApiDocument;
import dev.sessiondata.server.web.OverloadProperties;
import dev.sessiondata.server.web.ProblemHandler;
import dev.sessiondata.server.web.SerializerPolicy;
import dev.sessiondata.server.web.SerializerProperties;
import dev.sessiondata.server.web.SessionHandler;
import dev.sessiondata.server.web.SessionProperties;
import dev.sessiondata.server.web.SessionReadRoute;
import dev.sessiondata.server.web.SessionWriteRoute;
import dev.sessiondata.server.web.WriteAdmission;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.webflux.autoconfigure.WebHttpHandlerBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.client.ReactorResourceFactory;
import reactor.netty.resources.LoopResources;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.support.RouterFunctionMapping;
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
    RequestMetrics requestMetrics(MeterRegistry registry) {
        return new RequestMetrics(registry);
    }

    /**
     * No observation of each request by the web handler: {@link RequestMetrics} records the same
     * {@code http.server.requests} timers at a fraction of the cost. Last, so that nothing sets the registry again.
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

    /**
     * The router first: WebFlux asks its handler mappings in order, and the actuator's (order -100) would otherwise
     * look up every session request's path before the router takes it. No route of the router is under
     * {@code /actuator}, so the actuator's requests still reach its mapping.
     */
    @Bean
    static BeanPostProcessor routerFunctionMappingFirst() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessBeforeInitialization(Object bean, String beanName) {
                if (bean instanceof RouterFunctionMapping mapping) {
                    mapping.setOrder(Ordered.HIGHEST_PRECEDENCE);
                }
                return bean;
            }
        };
    }

    @Bean
    ProblemHandler problemHandler(ServerMetrics metrics, WriteAdmission admission, JsonMapper json) {
        return new ProblemHandler(metrics, admission, json);
    }

    @Bean
    IndexHeaders indexHeaders(IndexProperties properties) {
        return new IndexHeaders(properties);
    }

    @Bean
    SessionHandler sessionHandler(SessionStore store, SessionStoreStatistics statistics, SerializerPolicy serializers,
            SessionProperties properties, ServerMetrics metrics, WriteAdmission admission, IndexHeaders indexes) {
        return new SessionHandler(store, statistics, serializers, properties, metrics, admission, indexes);
    }

    @Bean
    IndexHandler indexHandler(SessionIndex index, IndexHeaders indexes, IndexProperties properties) {
        return new IndexHandler(new IndexLookup(index, indexes, properties));
    }

    @Bean
    SchemaHandler schemaHandler(SchemaStore store, SerializerPolicy serializers, SchemaProperties properties,
            WriteAdmission admission) {
        return new SchemaHandler(store, serializers, properties, admission);
    }

    /** A plain {@code GET} of a session on Reactor Netty's own route; the rest to WebFlux ({@link SessionReadRoute}). */
    @Bean
    SessionReadRoute sessionReadRoute(SessionStore store, TokenRegistry tokens, RequestMetrics metrics,
            SessionProperties properties, SerializerPolicy serializers, ObjectProvider<HttpHandler> webFlux) {
        return new SessionReadRoute(store, tokens, metrics, properties, serializers, webFlux::getObject);
    }

    /** A {@code PUT} of a session on Reactor Netty's own route; the unusual ones to WebFlux ({@link SessionWriteRoute}). */
    @Bean
    SessionWriteRoute sessionWriteRoute(SessionStore store, TokenRegistry tokens, RequestMetrics requests,
            ServerMetrics metrics, SessionProperties properties, SerializerPolicy serializers, WriteAdmission admission,
            JsonMapper json, IndexHeaders indexes, ObjectProvider<HttpHandler> webFlux) {
        return new SessionWriteRoute(store, tokens, requests, metrics, properties, serializers, admission, json,
                indexes, webFlux::getObject);
    }

    @Bean
    RouterFunction<ServerResponse> apiRoutes(SessionHandler sessions, IndexHandler indexes, SchemaHandler schemas,
            ChangesRoute changes) {
        return ApiRoutes.of(sessions, indexes, schemas, new OpenApiDocument(), changes);
    }
}
