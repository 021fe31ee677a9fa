/**
 * Build-time tools of the manual: the configuration reference generated from Spring Boot's configuration metadata.
 */
@NullMarked
package dev.sessiondata.docs;

import org.jspecify.annotations.NullMarked;
