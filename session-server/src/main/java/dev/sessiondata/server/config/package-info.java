/**
 * Spring Boot configuration of the server: the configuration classes that choose the stores and wire the web
 * layer, and the store's properties. Every other properties record lives beside the feature it configures.
 */
@NullMarked
package dev.sessiondata.server.config;

import org.jspecify.annotations.NullMarked;
