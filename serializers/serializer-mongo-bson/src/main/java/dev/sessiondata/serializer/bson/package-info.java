/**
 * The {@code mongo-bson} serializer: MongoDB's BSON library with a codec registry that round-trips faithfully
 * (java.time to the nanosecond, maps and sets in their order) and never reads a class name from the payload.
 */
@NullMarked
package dev.sessiondata.serializer.bson;

import org.jspecify.annotations.NullMarked;
