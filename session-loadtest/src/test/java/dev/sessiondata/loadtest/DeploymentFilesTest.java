package dev.sessiondata.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The files docker-compose.yml mounts into Prometheus, Grafana, nginx and the servers exist, parse, and agree with
 * each other, before any engine starts the stack (CI starts it on locally made images with deploy/local/stack.sh,
 * without Grafana, which has no Debian package: its files are checked only here).
 */
class DeploymentFilesTest {

    private static final Path ROOT = Path.of(System.getProperty("sessiondata.repository.root", "..")).normalize();
    private static final YAMLMapper YAML = new YAMLMapper();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final JsonNode compose = yaml(ROOT.resolve("docker-compose.yml"));

    @Test
    void everyFileTheComposeFileMountsExistsAndParses() throws IOException {
        List<Path> mounted = mountedSources();
        assertThat(mounted).isNotEmpty();
        for (Path source : mounted) {
            assertThat(source).exists();
            try (Stream<Path> files = Files.isDirectory(source) ? Files.walk(source) : Stream.of(source)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    assertThat(Files.size(file)).as("size of %s", file).isPositive();
                    String name = file.getFileName().toString();
                    if (name.endsWith(".yml") || name.endsWith(".yaml")) {
                        assertThat(yaml(file).isObject()).as("%s is a YAML mapping", file).isTrue();
                    } else if (name.endsWith(".json")) {
                        assertThat(JSON.readTree(file.toFile()).isObject()).as("%s is a JSON object", file).isTrue();
                    }
                }
            }
        }
        assertThat(ROOT.resolve(compose.at("/x-session-server/build/dockerfile").asText())).exists();
    }

    @Test
    void prometheusScrapesEveryServerReplicaOnItsPrometheusEndpoint() {
        JsonNode job = yaml(ROOT.resolve("deploy/prometheus/prometheus.yml")).at("/scrape_configs/0");
        assertThat(job.path("metrics_path").asText()).isEqualTo("/actuator/prometheus");
        List<String> targets = new ArrayList<>();
        job.at("/static_configs/0/targets").forEach(target -> targets.add(target.asText()));
        assertThat(targets).containsExactlyInAnyOrderElementsOf(serverReplicas().stream().map(name -> name + ":8080").toList());
    }

    @Test
    void dashboardPanelsQueryTheProvisionedDataSource() throws IOException {
        String uid = yaml(ROOT.resolve("deploy/grafana/provisioning/datasources/prometheus.yml"))
                .at("/datasources/0/uid").asText();
        JsonNode dashboard = JSON.readTree(ROOT.resolve("deploy/grafana/dashboards/sessiondata.json").toFile());
        List<JsonNode> graphs = new ArrayList<>();
        dashboard.path("panels").forEach(panel -> {
            if (!panel.path("type").asText().equals("row")) {
                graphs.add(panel);
            }
        });
        assertThat(graphs).hasSizeGreaterThanOrEqualTo(10).allSatisfy(panel -> {
            assertThat(panel.at("/datasource/uid").asText()).isEqualTo(uid);
            assertThat(panel.path("targets")).isNotEmpty()
                    .allSatisfy(target -> assertThat(target.path("expr").asText()).isNotBlank());
        });
    }

    @Test
    void dashboardProviderLoadsTheFolderTheComposeFileMountsTheDashboardsInto() {
        String providerPath = yaml(ROOT.resolve("deploy/grafana/provisioning/dashboards/sessiondata.yml"))
                .at("/providers/0/options/path").asText();
        List<String> grafanaVolumes = new ArrayList<>();
        compose.at("/services/grafana/volumes").forEach(volume -> grafanaVolumes.add(volume.asText()));
        assertThat(grafanaVolumes).contains("./deploy/grafana/dashboards:" + providerPath + ":ro");
    }

    private List<String> serverReplicas() {
        List<String> replicas = new ArrayList<>();
        for (Map.Entry<String, JsonNode> service : compose.path("services").properties()) {
            if (service.getKey().startsWith("server-")) {
                replicas.add(service.getKey());
            }
        }
        return replicas;
    }

    /** The host side of every bind mount of every service, and of the shared server definition. */
    private List<Path> mountedSources() {
        List<JsonNode> volumeLists = new ArrayList<>();
        volumeLists.add(compose.at("/x-session-server/volumes"));
        compose.path("services").forEach(service -> volumeLists.add(service.path("volumes")));
        List<Path> sources = new ArrayList<>();
        for (JsonNode volumes : volumeLists) {
            for (JsonNode volume : volumes) {
                String source = volume.asText().split(":", 2)[0];
                if (source.startsWith("./")) {
                    sources.add(ROOT.resolve(source).normalize());
                }
            }
        }
        return sources;
    }

    private static JsonNode yaml(Path file) {
        try {
            return YAML.readTree(file.toFile());
        } catch (IOException e) {
            throw new AssertionError("cannot parse " + file, e);
        }
    }
}
