/**
 * Classes that only the installation-budget test installs crafted versions of, so that the per-class counts it
 * asserts are not shared with other tests in the same JVM.
 */
@NullMarked
package dev.sessiondata.serializer.onenio.budget;

import org.jspecify.annotations.NullMarked;
