package dev.sessiondata.sample;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.HttpStatusEntryPoint;
import org.springframework.security.web.savedrequest.NullRequestCache;
import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.session.Session;
import org.springframework.session.security.SpringSessionBackedSessionRegistry;

/**
 * Sign-in for the pages that need a user ({@code /me}, {@code /sign-out-everywhere}), with Spring Security's
 * concurrent-session control: one session per user, across every instance, because the registry is Spring
 * Session's {@link SpringSessionBackedSessionRegistry} on the starter's repository, which finds a user's sessions
 * through the service's principal index. A second sign-in expires the first session, as Spring Security's
 * {@code maximumSessions(1)} does by default. Every other page stays open, as before. CSRF protection is off: the
 * sample is driven by scripts, not forms; an application with forms keeps it on.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfiguration {

    @Bean
    <S extends Session> SecurityFilterChain securityFilterChain(HttpSecurity http,
            ObjectProvider<FindByIndexNameSessionRepository<S>> sessions) throws Exception {
        return http
                .csrf(csrf -> csrf.disable())
                .authorizeHttpRequests(requests -> requests
                        .requestMatchers("/me", "/sign-out-everywhere").authenticated()
                        .anyRequest().permitAll())
                .formLogin(form -> form.loginProcessingUrl("/sign-in"))
                .logout(logout -> logout.logoutUrl("/sign-out"))
                .exceptionHandling(failures -> failures.authenticationEntryPoint(
                        new HttpStatusEntryPoint(HttpStatus.UNAUTHORIZED)))
                // a refused request is answered 401, not replayed after a sign-in page: nothing to keep for it
                .requestCache(cache -> cache.requestCache(new NullRequestCache()))
                // the Spring Session Redis baseline's repository finds no sessions by user: no control there
                .sessionManagement(session -> sessions.ifAvailable(repository -> session.maximumSessions(1)
                        .sessionRegistry(new SpringSessionBackedSessionRegistry<>(repository))))
                .build();
    }

    /** The sample's two users; a real application has its own user store. */
    @Bean
    UserDetailsService users() {
        return new InMemoryUserDetailsManager(
                User.withUsername("ada").password("{noop}ada-secret").roles("USER").build(),
                User.withUsername("bob").password("{noop}bob-secret").roles("USER").build());
    }
}
