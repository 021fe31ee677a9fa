/**
 * The {@code fst} and {@code fst-unsafe} serializers: FST 3 with class names checked against the allow-list before
 * they are loaded, every class checked again before it is instantiated, and declared lengths bounded before they
 * allocate.
 */
@NullMarked
package dev.sessiondata.serializer.fst;

import org.jspecify.annotations.NullMarked;
