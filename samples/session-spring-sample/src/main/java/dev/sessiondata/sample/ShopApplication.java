package dev.sessiondata.sample;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.util.List;
import java.util.Objects;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * A shop with a login and a cart in the HttpSession, and a signed-in area ({@link AccountController}) with one
 * session per user ({@link SecurityConfiguration}). Nothing in it knows about the session-data service: the
 * session is the servlet API's, and the starter keeps it in the service (see application.properties), so that any
 * instance serves any user. Run it with the service up: {@code ./mvnw -pl samples/session-spring-sample
 * spring-boot:run}, with {@code SESSIONDATA_BASE_URI} and {@code SESSIONDATA_TOKEN} set.
 */
@SpringBootApplication
@RestController
public class ShopApplication {

    public static void main(String[] args) {
        SpringApplication.run(ShopApplication.class, args);
    }

    /** Logs in: a new session id against session fixation, the user in the session. */
    @PostMapping("/login")
    String login(HttpServletRequest request, @RequestParam String user) {
        request.getSession();
        request.changeSessionId();
        request.getSession().setAttribute("user", user);
        return user;
    }

    /** Puts one item, or several ({@code item=a&item=b}), in the cart. */
    @PostMapping("/cart")
    String add(HttpSession session, @RequestParam List<String> item) {
        Cart cart = Objects.requireNonNullElseGet((Cart) session.getAttribute("cart"), Cart::new);
        item.forEach(cart::add);
        session.setAttribute("cart", cart);
        return String.join(",", item);
    }

    @GetMapping("/cart")
    String cart(HttpSession session) {
        return session.getAttribute("user") + " " + Objects.requireNonNullElse(session.getAttribute("cart"), "[]");
    }

    /** A preference of the user's, such as a currency; one attribute per name. */
    @PostMapping("/attribute")
    String set(HttpSession session, @RequestParam String name, @RequestParam String value) {
        session.setAttribute(name, value);
        return value;
    }

    @GetMapping("/attribute")
    String get(HttpSession session, @RequestParam String name) {
        return String.valueOf(session.getAttribute(name));
    }

    /** Counts something of the user's, such as the pages seen; one counter per name. */
    @PostMapping("/counter")
    int increment(HttpSession session, @RequestParam String name) {
        int value = (Integer) Objects.requireNonNullElse(session.getAttribute(name), 0) + 1;
        session.setAttribute(name, value);
        return value;
    }

    @PostMapping("/logout")
    String logout(HttpSession session) {
        session.invalidate();
        return "bye";
    }
}
