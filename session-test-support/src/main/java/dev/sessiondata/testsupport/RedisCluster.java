package dev.sessiondata.testsupport;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A three-master Redis Cluster of redis-server processes of the test's own, without persistence; shared by the
 * server's store tests and the client's end-to-end tests.
 */
public final class RedisCluster implements AutoCloseable {

    private final List<RedisProcess> nodes = new ArrayList<>();

    private RedisCluster() {
    }

    public static RedisCluster start() throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("redis-cluster");
        dir.toFile().deleteOnExit();
        RedisCluster cluster = new RedisCluster();
        try {
            for (int i = 0; i < 3; i++) {
                cluster.nodes.add(RedisProcess.startOnFreePort("--cluster-enabled", "yes", "--dir", dir.toString(),
                        "--cluster-config-file", "nodes-" + i + ".conf"));
            }
            List<String> create = new ArrayList<>(List.of("redis-cli", "--cluster", "create"));
            create.addAll(cluster.nodeAddresses());
            create.addAll(List.of("--cluster-replicas", "0", "--cluster-yes"));
            Process process = new ProcessBuilder(create).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes());
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("redis-cli --cluster create failed:\n" + output);
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> cluster.nodes.stream()
                    .allMatch(node -> node.command("CLUSTER INFO").contains("cluster_state:ok")));
            return cluster;
        } catch (IOException | InterruptedException | RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    /** {@code host:port} of every node, as spring.data.redis.cluster.nodes takes them. */
    public List<String> nodeAddresses() {
        return nodes.stream().map(node -> "127.0.0.1:" + node.port()).toList();
    }

    /** Sends one inline command to every node; their raw replies, in node order. */
    public List<String> commandOnEveryNode(String command) {
        return nodes.stream().map(node -> node.command(command)).toList();
    }

    @Override
    public void close() throws IOException, InterruptedException {
        for (RedisProcess node : nodes) {
            node.close();
        }
    }
}
