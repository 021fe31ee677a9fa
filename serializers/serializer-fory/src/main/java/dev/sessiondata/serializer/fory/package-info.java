/**
 * The {@code fory} serializer: Apache Fory in Java mode with reference tracking, reading only classes whose names
 * pass a type checker built from the settings' allow-list, within Fory's depth and graph-size limits.
 */
@NullMarked
package dev.sessiondata.serializer.fory;

import org.jspecify.annotations.NullMarked;
