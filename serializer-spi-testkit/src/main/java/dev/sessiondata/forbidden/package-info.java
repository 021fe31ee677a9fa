/** Classes outside the kit's allow-list, to prove that refused payloads never instantiate them. */
@NullMarked
package dev.sessiondata.forbidden;

import org.jspecify.annotations.NullMarked;
