/**
 * The README's usage example, kept in the test sources so that it compiles with every build, and the session class
 * it uses.
 */
@NullMarked
package dev.sessiondata.client.example;

import org.jspecify.annotations.NullMarked;
