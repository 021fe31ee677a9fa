package dev.sessiondata.spring.boot.app;

import dev.sessiondata.spring.e2e.Cart;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.util.Objects;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Nothing in it knows about the session-data service: the HttpSession is the servlet API's, and the starter puts it
 * in the service.
 */
@SpringBootApplication
@RestController
public class CartApplication {

    /** Logs in: a new session id against session fixation, the user in the session. */
    @PostMapping("/login")
    String login(HttpServletRequest request, @RequestParam String user) {
        request.getSession();
        request.changeSessionId();
        request.getSession().setAttribute("user", user);
        return user;
    }

    @PostMapping("/cart")
    String add(HttpSession session, @RequestParam String item) {
        Cart cart = (Cart) session.getAttribute("cart");
        session.setAttribute("cart", (cart == null ? new Cart() : cart).add(item));
        return item;
    }

    @GetMapping("/cart")
    String cart(HttpSession session) {
        return session.getAttribute("user") + " " + Objects.requireNonNullElse(session.getAttribute("cart"), "[]");
    }

    @PostMapping("/attribute")
    String set(HttpSession session, @RequestParam String name, @RequestParam String value) {
        session.setAttribute(name, value);
        return value;
    }

    @GetMapping("/attribute")
    String get(HttpSession session, @RequestParam String name) {
        return String.valueOf(session.getAttribute(name));
    }

    @PostMapping("/logout")
    String logout(HttpSession session) {
        session.invalidate();
        return "bye";
    }
}
