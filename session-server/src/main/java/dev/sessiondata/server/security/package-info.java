/**
 * Bearer-token authentication of the API: the configured clients, their access, and the one filter that checks
 * every {@code /api} request before anything else reads it.
 */
@NullMarked
package dev.sessiondata.server.security;

import org.jspecify.annotations.NullMarked;
