/**
 * Spring Boot configuration of the server: the configuration classes that choose the stores and wire the request
 * pipeline (its links in order and its route table: {@code WebConfiguration}), and the store's properties. The only
 * package that knows every other. Every other properties record lives beside the feature it configures.
 */
@NullMarked
package dev.sessiondata.server.config;

import org.jspecify.annotations.NullMarked;
