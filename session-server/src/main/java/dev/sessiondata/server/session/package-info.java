/**
 * The session resource, {@code /api/v1/sessions/{id}} and its {@code touch}: {@link
 * dev.sessiondata.server.session.SessionRoutes} (read, write, delete, touch, each asking the store once at most),
 * the checks of what the URL and headers carry (the id, {@code ttl}, entity tags, {@code Content-Digest}) and the
 * session properties. Plugs into the {@code http} pipeline; knows nothing of authentication, metrics of requests or
 * problem documents, which the pipeline's links own.
 */
@NullMarked
package dev.sessiondata.server.session;

import org.jspecify.annotations.NullMarked;
