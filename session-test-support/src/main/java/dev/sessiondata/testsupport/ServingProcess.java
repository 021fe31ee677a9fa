package dev.sessiondata.testsupport;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Spring Boot web application in a process of its own: started from a command, awaited until it says it serves
 * and on which port, its output kept (and always drained, so that it never blocks on a full pipe), stopped as an
 * operator stops it.
 */
public final class ServingProcess implements AutoCloseable {

    /** Spring Boot's line for the port: "Netty started on port 1234 (http)", or Tomcat's. */
    private static final Pattern PORT = Pattern.compile("(?:Netty|Tomcat) started on port (\\d+)");
    private static final Pattern STARTED = Pattern.compile("Started \\w+ in ");
    private static final String END = "\u0000end of output";

    private final Process process;
    private final int port;
    private final StringBuilder output;

    private ServingProcess(Process process, int port, StringBuilder output) {
        this.process = process;
        this.port = port;
        this.output = output;
    }

    /**
     * Runs {@code command} and waits, 2 minutes at most, until the application has started; fails with everything
     * it printed when it does not. {@code what} names it in that failure.
     */
    public static ServingProcess start(List<String> command, String what) {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        StringBuilder output = new StringBuilder();
        Thread drain = new Thread(() -> {
            try (BufferedReader reader = process.inputReader(StandardCharsets.UTF_8)) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    synchronized (output) {
                        output.append(line).append('\n');
                    }
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("output unreadable: " + e);
            }
            lines.add(END);
        }, what + "-output");
        drain.setDaemon(true);
        drain.start();
        int port = -1;
        try {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
            for (String line = lines.poll(2, TimeUnit.MINUTES); line != null && !END.equals(line);
                 line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                Matcher portLine = PORT.matcher(line);
                if (portLine.find()) {
                    port = Integer.parseInt(portLine.group(1));
                }
                if (STARTED.matcher(line).find() && port > 0) {
                    return new ServingProcess(process, port, output);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process.destroyForcibly();
        synchronized (output) {
            throw new IllegalStateException(what + " did not start within 2 minutes:\n" + output);
        }
    }

    public int port() {
        return port;
    }

    /** Everything the process printed so far. */
    public String output() {
        synchronized (output) {
            return output.toString();
        }
    }

    /** Stops the process as an operator does (SIGTERM, then a graceful shutdown), forcibly after 30 seconds. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
