/**
 * The HTTP API under {@code /api/v1}: the session and serializer endpoints, request checks (ids, ttl, entity
 * tags, bounded bodies), and the RFC 9457 problem documents every error becomes.
 */
@NullMarked
package dev.sessiondata.server.web;

import org.jspecify.annotations.NullMarked;
