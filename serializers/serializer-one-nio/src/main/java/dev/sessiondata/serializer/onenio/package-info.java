/**
 * The {@code one-nio} (compact: class uids only) and {@code one-nio-persist} (class descriptors inline) serializers,
 * and the descriptor exchange that lets compact-mode peers read each other's classes.
 */
@NullMarked
package dev.sessiondata.serializer.onenio;

import org.jspecify.annotations.NullMarked;
