/**
 * The workload of the serializer race and the load tests: {@link dev.sessiondata.workload.SessionWorkload} builds
 * session contexts of a target serialized size, deterministically from a seed.
 */
@NullMarked
package dev.sessiondata.workload;

import org.jspecify.annotations.NullMarked;
