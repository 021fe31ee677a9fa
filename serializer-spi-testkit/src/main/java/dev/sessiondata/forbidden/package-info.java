/** Classes outside the kit's allow-list, to prove that refused payloads never instantiate them. */
package dev.sessiondata.forbidden;
