package dev.sessiondata.server.support;

import dev.sessiondata.server.SessionServerApplication;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The real server, started in this JVM on a random port with two clients: a writer (read-write) and a reader
 * (read). Properties given to {@link #start} override the defaults here, which override application.yml.
 */
public final class RunningServer implements AutoCloseable {

    public static final String WRITER_TOKEN = "writer-token-for-the-tests";
    public static final String READER_TOKEN = "reader-token-for-the-tests";

    private final ConfigurableApplicationContext context;
    private final URI baseUri;

    private RunningServer(ConfigurableApplicationContext context) {
        this.context = context;
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        this.baseUri = URI.create("http://127.0.0.1:" + port);
    }

    /** Starts a server; {@code properties} are {@code key=value} pairs. */
    public static RunningServer start(String... properties) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("server.port", "0");
        settings.put("sessiondata.serializer.active", "java");
        settings.put("sessiondata.security.clients[0].name", "writer");
        settings.put("sessiondata.security.clients[0].token", WRITER_TOKEN);
        settings.put("sessiondata.security.clients[0].access", "read-write");
        settings.put("sessiondata.security.clients[1].name", "reader");
        settings.put("sessiondata.security.clients[1].token", READER_TOKEN);
        settings.put("sessiondata.security.clients[1].access", "read");
        for (String property : properties) {
            int equals = property.indexOf('=');
            settings.put(property.substring(0, equals), property.substring(equals + 1));
        }
        List<String> args = new ArrayList<>();
        settings.forEach((key, value) -> args.add("--" + key + "=" + value));
        return new RunningServer(new SpringApplicationBuilder(SessionServerApplication.class)
                .run(args.toArray(String[]::new)));
    }

    public URI baseUri() {
        return baseUri;
    }

    /** A caller with the read-write token. */
    public Api writer() {
        return new Api(baseUri, WRITER_TOKEN);
    }

    /** A caller with the read token. */
    public Api reader() {
        return new Api(baseUri, READER_TOKEN);
    }

    /** A caller without a token. */
    public Api anonymous() {
        return new Api(baseUri, null);
    }

    public <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    @Override
    public void close() {
        context.close();
    }
}
