/** The shop's WebFlux variant, its WebSession kept in the session-data service by the starter. */
@NullMarked
package dev.sessiondata.reactivesample;

import org.jspecify.annotations.NullMarked;
