/** A Spring Boot web application with a login and a cart in its HttpSession, as the starter's users write one. */
@NullMarked
package dev.sessiondata.sample;

import org.jspecify.annotations.NullMarked;
