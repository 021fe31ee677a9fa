package dev.sessiondata.client.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.testsupport.ForkedJvm;
import dev.sessiondata.testsupport.JavaSources;
import dev.sessiondata.testsupport.TestServer;
import java.io.BufferedReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bank's scenario: two applications with different versions of the same session DTO (each has a field the
 * other lacks, in the session and in its nested address; java.time, BigDecimal and an enum besides), compiled
 * separately and run in two JVMs. The writer puts in One Nio's compact mode; the reader gets every common field
 * right, because the clients exchanged class descriptors through the service. Without the exchange it fails, and
 * says why.
 */
class BankScenarioIT {

    @TempDir
    static Path temp;

    private static TestServer server;
    private static Path writerClasses;
    private static Path readerClasses;

    @BeforeAll
    static void compileBothVersionsAndStartTheService() {
        writerClasses = JavaSources.compile("scenario/bank/writer", temp.resolve("writer"));
        readerClasses = JavaSources.compile("scenario/bank/reader", temp.resolve("reader"));
        server = TestServer.start("sessiondata.serializer.active=one-nio");
    }

    @AfterAll
    static void stopTheService() {
        server.close();
    }

    @Test
    void aReaderWithAnotherVersionOfTheClassReadsEveryCommonFieldThanksToTheExchange() throws Exception {
        write("customer-1001", true);

        ForkedJvm.Result reader = read("customer-1001", true);

        assertThat(reader.succeeded()).as(reader.output()).isTrue();
        assertThat(Files.readAllLines(temp.resolve("customer-1001.txt"))).containsExactly(
                "customerId=C-1001",
                "displayName=Ada Lovelace",
                "balance=1234567.89",
                "birthDate=1815-12-10",
                "lastLogin=2026-11-22T04:05:06.789Z",
                "segment=PRIVATE",
                "roles=[owner, trader]",
                "address.street=12 St James's Square",
                "address.city=London",
                "address.postalCode=SW1Y 4JH",
                "address.country=null",
                "preferredLanguage=null",
                // the reader installs nothing at startup: the writer's CustomerSession and Address on the miss
                "descriptorFetches=2");
    }

    @Test
    void aReaderThatStartedBeforeTheWriterFetchesEachMissingDescriptorOnce() throws Exception {
        // a service of its own: no other test's writer has uploaded the writer's descriptors before the reader starts
        try (TestServer fresh = TestServer.start("sessiondata.serializer.active=one-nio")) {
            readBeforeTheWriterUploads(fresh);
        }

        // one fetch for the writer's CustomerSession, one for its Address; the enum and JDK classes are the same
        assertThat(Files.readAllLines(temp.resolve("customer-1003.txt")))
                .contains("customerId=C-1001", "address.city=London", "lastLogin=2026-11-22T04:05:06.789Z",
                        "descriptorFetches=2");
    }

    private static void readBeforeTheWriterUploads(TestServer fresh) throws Exception {
        Process reader = ForkedJvm.start(readerClasses, "com.bank.app.Reader", fresh.baseUri().toString(),
                TestServer.TOKEN, "customer-1003", "true", temp.resolve("customer-1003.txt").toString(), "wait");
        try (BufferedReader output = reader.inputReader(StandardCharsets.UTF_8);
             Writer input = reader.outputWriter(StandardCharsets.UTF_8)) {
            StringBuilder log = new StringBuilder();
            for (String line = output.readLine(); !"ready".equals(line); line = output.readLine()) {
                assertThat(line).as("the reader did not start:\n" + log).isNotNull();
                log.append(line).append('\n');
            }
            write(fresh, "customer-1003", true);
            input.write("read now\n");
            input.flush();
            output.lines().forEach(line -> log.append(line).append('\n'));
            assertThat(reader.waitFor(2, TimeUnit.MINUTES)).isTrue();
            assertThat(reader.exitValue()).as(log.toString()).isZero();
        } finally {
            reader.destroyForcibly();
        }
    }

    @Test
    void withoutTheExchangeTheReaderFailsWithAClearError() throws Exception {
        write("customer-1002", false);

        ForkedJvm.Result reader = read("customer-1002", false);

        assertThat(reader.succeeded()).as("the reader must fail without the exchange").isFalse();
        assertThat(reader.output())
                .contains("SerializationException")
                .contains("the schema exchange is switched off")
                .contains("it was written by another version of the class");
    }

    private static void write(String id, boolean exchange) throws Exception {
        write(server, id, exchange);
    }

    private static void write(TestServer target, String id, boolean exchange) throws Exception {
        ForkedJvm.Result writer = ForkedJvm.run(writerClasses, "com.bank.app.Writer", temp.resolve(id + "-writer.log"),
                target.baseUri().toString(), TestServer.TOKEN, id, String.valueOf(exchange));
        assertThat(writer.succeeded()).as(writer.output()).isTrue();
    }

    private static ForkedJvm.Result read(String id, boolean exchange) throws Exception {
        return ForkedJvm.run(readerClasses, "com.bank.app.Reader", temp.resolve(id + "-reader.log"),
                server.baseUri().toString(), TestServer.TOKEN, id, String.valueOf(exchange),
                temp.resolve(id + ".txt").toString());
    }
}
