/**
 * The schema exchange of any serializer that needs one ({@link dev.sessiondata.serializer.SchemaExchangingSerializer},
 * {@code fory-shared} and One Nio's compact mode): publish this application's schemas and install everyone else's on
 * the first use, and fetch a schema once when a payload names a uid that is still unknown.
 */
@NullMarked
package dev.sessiondata.client.internal.schema;

import org.jspecify.annotations.NullMarked;
