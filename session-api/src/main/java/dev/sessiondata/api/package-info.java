/**
 * The HTTP contract of the session-data service, shared by the server and its clients: paths, headers, media
 * types and problem types.
 */
@NullMarked
package dev.sessiondata.api;

import org.jspecify.annotations.NullMarked;
