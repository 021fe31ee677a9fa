/**
 * Bearer-token authentication of the API: the configured clients, their access, and the one pipeline link
 * ({@link dev.sessiondata.server.security.BearerAuthentication}) that checks every {@code /api/v1} request before its
 * body or the store is read.
 */
@NullMarked
package dev.sessiondata.server.security;

import org.jspecify.annotations.NullMarked;
