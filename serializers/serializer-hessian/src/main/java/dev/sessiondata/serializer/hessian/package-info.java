/**
 * The {@code hessian} serializer: Dubbo's hessian-lite (Hessian 2) through a serializer factory that checks every
 * class name in a payload against the allow-list and writes java.time values as a few numeric fields.
 */
@NullMarked
package dev.sessiondata.serializer.hessian;

import org.jspecify.annotations.NullMarked;
