/**
 * The session client's workings, not its API: they may change in any release. {@link
 * dev.sessiondata.client.internal.Transport} sends every request through one chain of
 * {@link dev.sessiondata.client.internal.Interceptor}s (retry after {@code 415}, serializer announcements, token,
 * digests, meters) to an {@link dev.sessiondata.client.internal.Exchange}; {@link
 * dev.sessiondata.client.internal.SerializerChoice} is told what answers say and calls nothing;
 * {@link dev.sessiondata.client.internal.SchemaExchanges} and {@link dev.sessiondata.client.internal.SessionCodec}
 * turn values into bodies and back.
 */
@NullMarked
package dev.sessiondata.client.internal;

import org.jspecify.annotations.NullMarked;
