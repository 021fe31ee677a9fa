/** The HTTP tour of the manual ({@code snippets/http/tour.sh}), run against the real server. */
@NullMarked
package dev.sessiondata.docs.http;

import org.jspecify.annotations.NullMarked;
