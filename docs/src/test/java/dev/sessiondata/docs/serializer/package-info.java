/**
 * The serializer SPI's code samples of the manual, included from here by tag so that a sample that no longer
 * compiles fails the build.
 */
@NullMarked
package dev.sessiondata.docs.serializer;

import org.jspecify.annotations.NullMarked;
