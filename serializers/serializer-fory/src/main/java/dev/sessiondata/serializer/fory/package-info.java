/**
 * The {@code fory} serializer: Apache Fory in Java mode with reference tracking, reading only classes whose names
 * pass a type checker built from the settings' allow-list, within Fory's depth and graph-size limits; and
 * {@code fory-shared}, the same with enums by name and class definitions published once through the schema exchange.
 */
@NullMarked
package dev.sessiondata.serializer.fory;

import org.jspecify.annotations.NullMarked;
