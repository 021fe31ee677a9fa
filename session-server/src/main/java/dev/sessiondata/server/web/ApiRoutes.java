package dev.sessiondata.server.web;

import static org.springframework.web.reactive.function.server.RequestPredicates.path;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.schema.SchemaHandler;
import java.util.Set;
import org.springframework.http.HttpMethod;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.MethodNotAllowedException;
import reactor.core.publisher.Mono;

/**
 * Every route of the server besides the actuator's, as one router function. The session routes come first: they
 * are most of the traffic and are matched in order. Every {@code GET} of the API has its {@code HEAD} (the same
 * handler; WebFlux drops the body), as RFC 9110 asks of a server and as the {@code Allow} of a {@code 405} says.
 * A known path asked with a method it does not have is
 * {@code 405} with {@code Allow}; a path that is not here is WebFlux's {@code 404}; both become problem documents.
 */
public final class ApiRoutes {

    public static final String SESSION_PATH = SessionApi.SESSIONS_PATH + "/{id}";
    public static final String TOUCH_PATH = SESSION_PATH + SessionApi.TOUCH_PATH;
    public static final String INDEX_SESSIONS_PATH = SessionApi.INDEX_SESSIONS_PATH;
    public static final String ID_PATH = SESSION_PATH + SessionApi.ID_PATH;

    private ApiRoutes() {
    }

    public static RouterFunction<ServerResponse> of(SessionHandler sessions, IndexHandler indexes, SchemaHandler schemas,
            OpenApiDocument openApi, ChangesRoute changes) {
        return RouterFunctions.route()
                .GET(SESSION_PATH, sessions::get)
                .HEAD(SESSION_PATH, sessions::get)
                .PUT(SESSION_PATH, sessions::put)
                .DELETE(SESSION_PATH, sessions::delete)
                .POST(TOUCH_PATH, sessions::touch)
                .GET(INDEX_SESSIONS_PATH, indexes::sessions)
                .HEAD(INDEX_SESSIONS_PATH, indexes::sessions)
                .POST(ID_PATH, sessions::changeId)
                .GET(SessionApi.SERIALIZERS_PATH, sessions::serializers)
                .HEAD(SessionApi.SERIALIZERS_PATH, sessions::serializers)
                .GET(SchemaHandler.DESCRIPTORS_PATH, schemas::all)
                .HEAD(SchemaHandler.DESCRIPTORS_PATH, schemas::all)
                .PUT(SchemaHandler.DESCRIPTORS_PATH, schemas::upload)
                .GET(SchemaHandler.DESCRIPTOR_PATH, schemas::one)
                .HEAD(SchemaHandler.DESCRIPTOR_PATH, schemas::one)
                .GET(OpenApiDocument.PATH, openApi::get)
                .GET(ChangesRoute.PATH, changes::changes)
                .HEAD(ChangesRoute.PATH, changes::changes)
                .add(methodNotAllowed(SESSION_PATH, HttpMethod.GET, HttpMethod.HEAD, HttpMethod.PUT, HttpMethod.DELETE))
                .add(methodNotAllowed(TOUCH_PATH, HttpMethod.POST))
                .add(methodNotAllowed(INDEX_SESSIONS_PATH, HttpMethod.GET, HttpMethod.HEAD))
                .add(methodNotAllowed(ID_PATH, HttpMethod.POST))
                .add(methodNotAllowed(SessionApi.SERIALIZERS_PATH, HttpMethod.GET, HttpMethod.HEAD))
                .add(methodNotAllowed(SchemaHandler.DESCRIPTORS_PATH, HttpMethod.GET, HttpMethod.HEAD, HttpMethod.PUT))
                .add(methodNotAllowed(SchemaHandler.DESCRIPTOR_PATH, HttpMethod.GET, HttpMethod.HEAD))
                .add(methodNotAllowed(OpenApiDocument.PATH, HttpMethod.GET, HttpMethod.HEAD))
                .add(methodNotAllowed(ChangesRoute.PATH, HttpMethod.GET, HttpMethod.HEAD))
                .build();
    }

    /** Whatever other method reaches {@code pattern}: a {@code 405} naming the ones it has. */
    private static RouterFunction<ServerResponse> methodNotAllowed(String pattern, HttpMethod... allowed) {
        Set<HttpMethod> methods = Set.of(allowed);
        return RouterFunctions.route(path(pattern),
                request -> Mono.error(new MethodNotAllowedException(request.method(), methods)));
    }
}
