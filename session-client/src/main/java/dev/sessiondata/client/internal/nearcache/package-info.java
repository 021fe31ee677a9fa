/**
 * The client's near cache: {@link dev.sessiondata.client.internal.nearcache.ChangeFeed} follows the service's change
 * feed, {@link dev.sessiondata.client.internal.nearcache.NearCache} keeps session bytes only while that feed vouches
 * for them, and {@link dev.sessiondata.client.internal.nearcache.NearCacheInterceptor} joins the transport's chain.
 */
@NullMarked
package dev.sessiondata.client.internal.nearcache;

import org.jspecify.annotations.NullMarked;
