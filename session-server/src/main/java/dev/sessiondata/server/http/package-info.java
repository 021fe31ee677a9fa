/**
 * Bounds on every HTTP connection of the server, below the API: how many connections (in all and per source
 * address), how long a request's header section and body may take to arrive, and how many requests one connection
 * may have waiting for their answers.
 */
@NullMarked
package dev.sessiondata.server.http;

import org.jspecify.annotations.NullMarked;
