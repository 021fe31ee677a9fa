/**
 * The {@code java} serializer: java.io object serialization, read through an {@link java.io.ObjectInputFilter}
 * built from the settings' allow-list and limits.
 */
@NullMarked
package dev.sessiondata.serializer.jdk;

import org.jspecify.annotations.NullMarked;
