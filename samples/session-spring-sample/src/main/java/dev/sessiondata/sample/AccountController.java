package dev.sessiondata.sample;

import java.security.Principal;
import java.util.Set;
import org.springframework.context.annotation.Profile;
import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.session.Session;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The signed-in user's pages ({@link SecurityConfiguration} signs in at {@code POST /sign-in}). Not in the Spring
 * Session Redis baseline, whose default repository finds no sessions by user.
 */
@RestController
@Profile("!" + SpringSessionRedisConfiguration.PROFILE)
class AccountController {

    private final FindByIndexNameSessionRepository<? extends Session> sessions;

    AccountController(FindByIndexNameSessionRepository<? extends Session> sessions) {
        this.sessions = sessions;
    }

    @GetMapping("/me")
    String me(Principal user) {
        return user.getName();
    }

    /**
     * Ends every session of the signed-in user, on every instance and device, this one's too: the user's sessions
     * come from the service's principal index. Answers how many there were.
     */
    @PostMapping("/sign-out-everywhere")
    int signOutEverywhere(Principal user) {
        Set<String> ids = sessions.findByPrincipalName(user.getName()).keySet();
        ids.forEach(sessions::deleteById);
        return ids.size();
    }
}
