package dev.sessiondata.testsupport;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Compiles Java sources kept as test resources (so that Maven does not compile them, and two versions of one
 * class can exist) into a directory of their own, against this JVM's class path.
 */
public final class JavaSources {

    private JavaSources() {
    }

    /** Compiles every {@code .java} file under the resource directory {@code resource} into {@code output}. */
    public static Path compile(String resource, Path output) {
        Path sources = resourceDirectory(resource);
        List<String> files;
        try (Stream<Path> walk = Files.walk(sources)) {
            files = walk.filter(path -> path.toString().endsWith(".java")).map(Path::toString).sorted().toList();
            Files.createDirectories(output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return compile(files, output);
    }

    /** Compiles these source files into {@code output}. */
    public static Path compile(List<String> files, Path output) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            throw new IllegalStateException("no Java compiler: run the tests on a JDK, not a JRE");
        }
        StringWriter diagnostics = new StringWriter();
        List<String> options = List.of("--release", "17", "-proc:none", "-classpath",
                System.getProperty("java.class.path"), "-d", output.toString());
        boolean compiled = compiler.getTask(diagnostics, null, null, options, null,
                compiler.getStandardFileManager(null, null, null).getJavaFileObjectsFromStrings(files)).call();
        if (!compiled) {
            throw new IllegalStateException("cannot compile " + files + ":\n" + diagnostics);
        }
        return output;
    }

    private static Path resourceDirectory(String resource) {
        URL url = JavaSources.class.getClassLoader().getResource(resource);
        if (url == null) {
            throw new IllegalArgumentException("no test resource directory " + resource);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(url.toString(), e);
        }
    }
}
