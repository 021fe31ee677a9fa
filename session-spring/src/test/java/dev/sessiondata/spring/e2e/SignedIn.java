package dev.sessiondata.spring.e2e;

import java.io.Serializable;

/**
 * What Spring Security stores under {@code SPRING_SECURITY_CONTEXT}, in the shape Spring Session's
 * {@code PrincipalNameIndexResolver} reads ({@code authentication?.name}): Spring Security is not on this module's
 * class path, and the resolver asks the attribute for nothing else.
 */
public class SignedIn implements Serializable {

    private final User authentication;

    public SignedIn(String name) {
        this.authentication = new User(name);
    }

    public User getAuthentication() {
        return authentication;
    }

    /** The authentication of the context: its name is the principal's. */
    public static class User implements Serializable {

        private final String name;

        public User(String name) {
            this.name = name;
        }

        public String getName() {
            return name;
        }
    }
}
