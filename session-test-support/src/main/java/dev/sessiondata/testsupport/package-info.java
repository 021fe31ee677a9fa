/**
 * What the end-to-end tests of several modules share: the real session server in a process of its own, the Redis
 * it may run on, and forked JVMs with separately compiled versions of a class.
 */
@NullMarked
package dev.sessiondata.testsupport;

import org.jspecify.annotations.NullMarked;
