/** Tests of the repository against the real session server, over HTTP. */
@NullMarked
package dev.sessiondata.spring.e2e;

import org.jspecify.annotations.NullMarked;
