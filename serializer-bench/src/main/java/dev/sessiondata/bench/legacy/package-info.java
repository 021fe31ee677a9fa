/**
 * The old file-serialization benchmark: its object (a long, a long[], a String, a null String) raced by every
 * serializer against a hand-written codec, the floor a generic serializer is measured against.
 */
@NullMarked
package dev.sessiondata.bench.legacy;

import org.jspecify.annotations.NullMarked;
