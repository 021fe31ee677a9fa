/**
 * The One Nio class-descriptor registry that clients exchange at startup: descriptors are kept as opaque bytes
 * keyed by uid, never turned into classes here.
 */
@NullMarked
package dev.sessiondata.server.onenio;

import org.jspecify.annotations.NullMarked;
