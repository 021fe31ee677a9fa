/** Checks that the manual's reference pages list what the code has. */
@NullMarked
package dev.sessiondata.docs.reference;

import org.jspecify.annotations.NullMarked;
