/**
 * The reader's versions of classes whose writer's versions the one-nio tests compile at run time, so that a
 * separate JVM writes a class version this JVM does not have.
 */
@NullMarked
package dev.sessiondata.serializer.onenio.evolution;

import org.jspecify.annotations.NullMarked;
