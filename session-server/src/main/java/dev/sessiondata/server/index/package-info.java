/**
 * Session indexes as the API carries them: the {@code Session-Index} field of a write read into the store's index
 * values ({@link dev.sessiondata.server.index.IndexHeaders}), the lookup of the sessions of one index value
 * ({@link dev.sessiondata.server.index.IndexLookup}, {@code GET /api/v1/indexes/{name}/sessions} through
 * {@link dev.sessiondata.server.index.IndexRoutes}) and their bounds. Plugs into the {@code http} pipeline.
 */
@NullMarked
package dev.sessiondata.server.index;

import org.jspecify.annotations.NullMarked;
