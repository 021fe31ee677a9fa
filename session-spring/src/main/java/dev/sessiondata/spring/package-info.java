/**
 * Spring Session on the session-data service: a {@link org.springframework.session.SessionRepository} whose
 * sessions are values of the service, written through a {@link dev.sessiondata.client.SessionClient}.
 */
@NullMarked
package dev.sessiondata.spring;

import org.jspecify.annotations.NullMarked;
