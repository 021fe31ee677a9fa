package dev.sessiondata.server.web;

import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.http.server.reactive.ReactorHttpHandlerAdapter;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * Hands a request a Reactor Netty route does not answer itself to WebFlux, as it came. WebFlux's handler is taken
 * when the first such request comes: the routes are made before the application context has it.
 */
final class WebFluxHandOff {

    private final Supplier<HttpHandler> webFlux;
    private volatile @Nullable ReactorHttpHandlerAdapter delegate;

    WebFluxHandOff(Supplier<HttpHandler> webFlux) {
        this.webFlux = webFlux;
    }

    Publisher<Void> apply(HttpServerRequest request, HttpServerResponse response) {
        ReactorHttpHandlerAdapter adapter = delegate;
        if (adapter == null) {
            adapter = new ReactorHttpHandlerAdapter(webFlux.get());
            delegate = adapter;
        }
        return adapter.apply(request, response);
    }
}
