/**
 * The HTTP plumbing: one request pipeline on Reactor Netty for every request but the actuator's, and the bounds on
 * every connection below it. Nothing here knows a resource; the resources' packages plug into it.
 *
 * <h2>The pipeline</h2>
 * {@link dev.sessiondata.server.http.ApiPipeline} is the one front door (a {@code NettyRouteProvider} ahead of
 * WebFlux, on the same port): it makes an {@link dev.sessiondata.server.http.ApiRequest}, runs it through the
 * {@link dev.sessiondata.server.http.Link}s, outermost first, then the {@link dev.sessiondata.server.http.RouteTable},
 * whose {@link dev.sessiondata.server.http.Handler}s answer a {@link dev.sessiondata.server.http.Reply} (bytes, a
 * stream such as a server-sent event feed, or nothing), and writes it on the connection's event loop. Each
 * cross-cutting concern is implemented once, in this order (wired in {@code config.WebConfiguration}):
 * <ol>
 *   <li>request timers ({@code http.server.requests}): {@code metrics.RequestMetrics}, also for the actuator's
 *       requests through its WebFlux filter;</li>
 *   <li>problem documents (RFC 9457), the one writer, failures to statuses: {@link
 *       dev.sessiondata.server.http.ProblemDocuments}, also for the actuator's errors through its WebFlux handler and
 *       for what Netty cannot parse ({@link dev.sessiondata.server.http.DecodingFailureProblems});</li>
 *   <li>the {@code Session-Serializer-Active} header on every API answer: {@code serializer.ActiveSerializerHeader};</li>
 *   <li>authentication and access (token; read or write): {@code security.BearerAuthentication};</li>
 *   <li>admission by bytes, of request bodies and of answers in flight: {@link dev.sessiondata.server.http.Admission}
 *       (with {@link dev.sessiondata.server.http.WriteAdmission} and {@link dev.sessiondata.server.http.AnswerBytes},
 *       which a session read also reserves from before it asks the store);</li>
 *   <li>routing by path and method, {@code HEAD} for every {@code GET}, {@code 404} and {@code 405} with
 *       {@code Allow}: {@link dev.sessiondata.server.http.RouteTable}.</li>
 * </ol>
 * Then the thin handlers: {@code session.SessionRoutes}, {@code index.IndexRoutes}, {@code changes.ChangesRoute}
 * (a streamed reply), {@code serializer.SerializerRoutes}, {@code schema.SchemaRoutes} and {@link dev.sessiondata.server.http.OpenApiDocument}. A new route is one line in
 * the route table and a handler method; a new concern is one link.
 *
 * <h2>Connections</h2>
 * Bounds on every HTTP connection, below the pipeline: how many connections (in all and per source address), how
 * long a request's header section and body may take to arrive, and how many requests one connection may have
 * waiting for their answers.
 *
 * <p>Depends on {@code store} (its typed failures) and on nothing else of the server.
 */
@NullMarked
package dev.sessiondata.server.http;

import org.jspecify.annotations.NullMarked;
