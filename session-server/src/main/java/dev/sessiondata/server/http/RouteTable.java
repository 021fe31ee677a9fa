package dev.sessiondata.server.http;

import dev.sessiondata.api.ProblemType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * Every route of the pipeline: a path pattern ({@code /api/v1/sessions/{id}}: literal segments and whole-segment
 * variables) and a method, to a {@link Handler}. Every {@code GET} has its {@code HEAD} (the same handler; the pipeline
 * sends no body), as RFC 9110 asks. A known path asked with a method it does not have is {@code 405} with
 * {@code Allow}; any other path is {@code 404}; both problem documents. Matching is a scan of the path's segments
 * against each pattern in the order they were added.
 */
public final class RouteTable {

    private final List<Resource> resources;
    private final List<Route> routes;

    private RouteTable(List<Resource> resources, List<Route> routes) {
        this.resources = resources;
        this.routes = routes;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Every route, in the order of their {@link Route#index()}. */
    public List<Route> routes() {
        return routes;
    }

    /** The resource {@code path} names and its variables; null when no pattern matches. */
    @Nullable Match match(String method, String path) {
        for (Resource resource : resources) {
            String[] variables = resource.variables(path);
            if (variables != null) {
                return new Match(resource, resource.route(method), variables);
            }
        }
        return null;
    }

    /** The last link: the request's handler, or the {@code 404} or {@code 405} problem. */
    Mono<Reply> dispatch(ApiRequest request) {
        Match match = request.match();
        if (match == null) {
            return Mono.error(new ApiProblemException(ProblemType.NOT_FOUND, "No resource at this path."));
        }
        Route route = match.route();
        if (route == null) {
            return Mono.error(new ApiProblemException(ProblemType.METHOD_NOT_ALLOWED,
                    "Request method '" + request.method() + "' is not supported.", Map.of(),
                    Map.of("Allow", match.resource().allow())));
        }
        return route.handler().handle(request);
    }

    /**
     * One method of one resource.
     *
     * @param index        its place in {@link #routes()}, for whoever keeps something per route in an array
     * @param maxBodyBytes the largest body it reads; 0 for a route that reads none
     */
    public record Route(int index, String method, String pattern, long maxBodyBytes, Handler handler) {
    }

    /** The resource a request's path names, its route for the request's method (null: 405) and its variables. */
    record Match(Resource resource, @Nullable Route route, String[] variables) {

        @Nullable String variable(String name) {
            String[] names = resource.variableNames;
            for (int i = 0; i < names.length; i++) {
                if (names[i].equals(name)) {
                    return variables[i];
                }
            }
            return null;
        }
    }

    /** One path pattern and its routes by method. */
    static final class Resource {

        private final String pattern;
        /** Each segment of the pattern; null where it is a variable. */
        private final @Nullable String[] literals;
        private final String[] variableNames;
        private final Map<String, Route> routes = new LinkedHashMap<>();
        private @Nullable String allow;

        Resource(String pattern) {
            this.pattern = pattern;
            String[] segments = pattern.substring(1).split("/", -1);
            this.literals = new String[segments.length];
            List<String> names = new ArrayList<>();
            for (int i = 0; i < segments.length; i++) {
                String segment = segments[i];
                if (segment.startsWith("{") && segment.endsWith("}")) {
                    names.add(segment.substring(1, segment.length() - 1));
                } else {
                    literals[i] = segment;
                }
            }
            this.variableNames = names.toArray(String[]::new);
        }

        String pattern() {
            return pattern;
        }

        @Nullable Route route(String method) {
            return routes.get(method);
        }

        String allow() {
            String methods = allow;
            if (methods == null) {
                methods = String.join(", ", routes.keySet());
                allow = methods;
            }
            return methods;
        }

        /** The raw (still percent-encoded) values of the variables when {@code path} matches; null when not. */
        String @Nullable [] variables(String path) {
            String[] values = new String[variableNames.length];
            int position = 1;
            int variable = 0;
            for (int i = 0; i < literals.length; i++) {
                if (position > path.length() || path.charAt(position - 1) != '/') {
                    return null;
                }
                int end = path.indexOf('/', position);
                if (end < 0) {
                    end = path.length();
                }
                String literal = literals[i];
                if (literal == null) {
                    if (end == position) {
                        return null;
                    }
                    values[variable++] = path.substring(position, end);
                } else if (end - position != literal.length() || !path.startsWith(literal, position)) {
                    return null;
                }
                position = end + 1;
            }
            return position == path.length() + 1 ? values : null;
        }
    }

    /** Collects the routes; adding one is one line. */
    public static final class Builder {

        private final Map<String, Resource> resources = new LinkedHashMap<>();
        private final List<Route> routes = new ArrayList<>();

        private Builder() {
        }

        /** {@code GET} and its {@code HEAD}. */
        public Builder get(String pattern, Handler handler) {
            add("GET", pattern, 0, handler);
            return add("HEAD", pattern, 0, handler);
        }

        /** A {@code PUT} whose body is at most {@code maxBodyBytes} (which the write admission reserves). */
        public Builder put(String pattern, long maxBodyBytes, Handler handler) {
            return add("PUT", pattern, maxBodyBytes, handler);
        }

        /** A {@code POST} whose body is at most {@code maxBodyBytes}; 0 for one that reads none. */
        public Builder post(String pattern, long maxBodyBytes, Handler handler) {
            return add("POST", pattern, maxBodyBytes, handler);
        }

        public Builder delete(String pattern, Handler handler) {
            return add("DELETE", pattern, 0, handler);
        }

        private Builder add(String method, String pattern, long maxBodyBytes, Handler handler) {
            Route route = new Route(routes.size(), method, pattern, maxBodyBytes, handler);
            if (resources.computeIfAbsent(pattern, Resource::new).routes.putIfAbsent(method, route) != null) {
                throw new IllegalArgumentException(method + " " + pattern + " is routed twice");
            }
            routes.add(route);
            return this;
        }

        public RouteTable build() {
            return new RouteTable(List.copyOf(resources.values()), List.copyOf(routes));
        }
    }
}
