/**
 * The flexibility matrix: every criterion decided per serializer id by a probe that runs in JVMs of its own (a
 * writer and a reader with different versions of the evolving classes, and JDK 25 with Unsafe memory access denied).
 */
@NullMarked
package dev.sessiondata.bench.flex;

import org.jspecify.annotations.NullMarked;
