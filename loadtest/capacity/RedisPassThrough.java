import io.lettuce.core.RedisClient;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * The capacity benchmark's floor (loadtest/capacity.sh, target "passthrough"): the least an HTTP front of Redis
 * can do, built on the libraries and versions the server uses (Reactor Netty's HTTP server with its default event
 * loops, one shared Lettuce connection as the Redis store has by default), with nothing of a session service: no
 * token check, no expiry or slide, no ETag or digest, no metrics, no bound on bodies. {@code GET
 * /api/v1/sessions/{id}} answers Redis' {@code GET} of the id (404 without a value); {@code PUT} stores the body
 * with {@code SET} and answers 201. What the Redis store measures above this floor is the service's own cost; what
 * this floor measures above redis-benchmark is the cost of any HTTP hop in front of Redis on the same cores.
 *
 * <p>Not part of any artifact: run by the benchmark as a single-file program on the server jar's libraries,
 * {@code java -cp "<BOOT-INF/lib of the jar>/*" RedisPassThrough.java <port> <redis-url>}, and stopped by it.
 */
public final class RedisPassThrough {

    private static final String PATH = "/api/v1/sessions/{id}";

    public static void main(String[] args) {
        int port = Integer.parseInt(args[0]);
        RedisClient client = RedisClient.create(args[1]);
        RedisAsyncCommands<String, byte[]> redis =
                client.connect(RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE)).async();
        DisposableServer server = HttpServer.create()
                .host("127.0.0.1")
                .port(port)
                .route(routes -> routes
                        .get(PATH, (request, response) -> Mono.fromCompletionStage(redis.get(request.param("id")))
                                .flatMap(value -> response
                                        .header(HttpHeaderNames.CONTENT_LENGTH, Integer.toString(value.length))
                                        .sendByteArray(Mono.just(value)).then())
                                .switchIfEmpty(Mono.defer(() -> response.status(HttpResponseStatus.NOT_FOUND).send().then())))
                        .put(PATH, (request, response) -> request.receive().aggregate().asByteArray()
                                .flatMap(body -> Mono.fromCompletionStage(redis.set(request.param("id"), body)))
                                .then(response.status(HttpResponseStatus.CREATED).send().then())))
                .bindNow();
        System.out.println("pass-through on 127.0.0.1:" + server.port() + " to " + args[1]);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.disposeNow();
            client.shutdown();
        }));
        server.onDispose().block();
    }
}
