/**
 * Spring Boot configuration of the server: the {@code sessiondata.*} properties records and the configuration
 * classes that choose the store and wire the web layer.
 */
@NullMarked
package dev.sessiondata.server.config;

import org.jspecify.annotations.NullMarked;
