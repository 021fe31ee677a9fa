/**
 * Spring Boot auto-configuration of Spring Session on the session-data service: the client, the repository, the
 * filter, a health contributor and the client's meters.
 */
@NullMarked
package dev.sessiondata.spring.boot;

import org.jspecify.annotations.NullMarked;
