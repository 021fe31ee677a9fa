/**
 * The One Nio class-descriptor exchange: upload this application's descriptors and install everyone else's at
 * startup, and fetch a descriptor once when a payload names a class uid that is still unknown.
 */
@NullMarked
package dev.sessiondata.client.onenio;

import org.jspecify.annotations.NullMarked;
