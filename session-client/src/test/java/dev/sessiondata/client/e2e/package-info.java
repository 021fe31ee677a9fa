/**
 * End-to-end tests of the client against the real session server, started in the test on a random port, and the
 * scenarios the issue asks to see: descriptor exchange across JVMs, a live serializer switch, concurrent updates.
 */
@NullMarked
package dev.sessiondata.client.e2e;

import org.jspecify.annotations.NullMarked;
