/** Tests of the manual's build-time tools. */
@NullMarked
package dev.sessiondata.docs;

import org.jspecify.annotations.NullMarked;
