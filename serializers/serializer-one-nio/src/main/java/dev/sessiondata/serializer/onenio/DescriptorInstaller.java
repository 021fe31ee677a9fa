package dev.sessiondata.serializer.onenio;

import dev.sessiondata.serializer.ClassAllowList;
import dev.sessiondata.serializer.SchemaInstallation;
import java.io.IOException;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import one.nio.gen.BytecodeGenerator;
import one.nio.serial.DeserializeStream;
import one.nio.serial.Repository;
import one.nio.serial.Serializer;
import org.jspecify.annotations.Nullable;

/**
 * Puts class descriptors that came from outside (a peer's upload, a persist-mode payload) into one-nio's JVM-global
 * {@link Repository}, after everything one-nio would resolve has been checked.
 *
 * <p>One-nio, given a descriptor, loads <em>and initializes</em> the class and every declared field type, generates a
 * serializer class for it, and (for an unknown class) even a stub class. So before one-nio sees a descriptor: its
 * uid must be the digest of its content, its class must be on the allow-list and present, and its fields' declared
 * types must be allowed, or JDK interfaces and abstract classes that a built-in allowed type implements
 * ({@code List}, {@code Map}, {@code Number}...): one-nio initializes declared types, and an instance of one still
 * needs an allowed serializer. Installed descriptors are registered by uid, so one class costs one generated serializer
 * however often it is read; at most {@link #MAX_INSTALLED} descriptors are installed per JVM, so that a stream of
 * distinct crafted descriptors cannot grow Metaspace without bound either, and at most
 * {@link #MAX_VERSIONS_PER_CLASS} per class, so that crafted versions of one allowed class cannot use up that budget
 * for the others. A descriptor the allow-list refuses costs nothing: it is refused before it is counted.
 */
final class DescriptorInstaller {

    /** Far more classes and class versions than the session graphs of the applications sharing one JVM have. */
    static final int MAX_INSTALLED = 8192;
    /**
     * Real deployments run a handful of versions of a class side by side (a rolling upgrade, a few services on
     * different releases); more than this many distinct descriptors of one class come from a writer crafting them.
     */
    static final int MAX_VERSIONS_PER_CLASS = 16;

    private static final AtomicInteger INSTALLED = new AtomicInteger();
    private static final Object LOCK = new Object();
    /** Installed descriptors per present class name; at most {@link #MAX_INSTALLED} keys. Guarded by LOCK. */
    private static final Map<String, Integer> VERSIONS = new HashMap<>();
    /** The decision per JDK class name; JDK class names are finitely many, so this stays small. */
    private static final Map<String, Boolean> JDK_SUPERTYPES = new ConcurrentHashMap<>();

    private DescriptorInstaller() {
    }

    /**
     * Installs the descriptor {@code header} describes in {@code data}, unless it is known already or refused.
     *
     * @throws IllegalArgumentException if the uid does not match the content, or an installation limit is reached
     * @throws IOException if one-nio fails to read a descriptor that passed every check
     */
    static SchemaInstallation install(byte[] data, DescriptorHeader header, ClassAllowList allowList)
            throws IOException, ClassNotFoundException {
        if (Repository.hasSerializer(header.uid())) {
            return SchemaInstallation.ALREADY_KNOWN;
        }
        if (!header.uidMatchesContent(data)) {
            throw new IllegalArgumentException("uid " + Long.toHexString(header.uid())
                    + " is not the digest of the descriptor of " + header.className());
        }
        if (firstRefused(header, allowList) != null) {
            return SchemaInstallation.NOT_ALLOWED;
        }
        String present = presentName(header);
        if (present == null) {
            return SchemaInstallation.CLASS_NOT_FOUND;
        }
        synchronized (LOCK) {
            if (Repository.hasSerializer(header.uid())) {
                return SchemaInstallation.ALREADY_KNOWN;
            }
            if (INSTALLED.get() >= MAX_INSTALLED) {
                throw new IllegalArgumentException("already " + MAX_INSTALLED + " class descriptors were installed in "
                        + "this JVM; refusing " + header.className());
            }
            int versions = VERSIONS.getOrDefault(present, 0);
            if (versions >= MAX_VERSIONS_PER_CLASS) {
                throw new IllegalArgumentException("already " + MAX_VERSIONS_PER_CLASS + " versions of " + present
                        + " were installed in this JVM (at most " + MAX_VERSIONS_PER_CLASS + " per class); refusing "
                        + "uid " + Long.toHexString(header.uid()));
            }
            byte[] descriptor = Arrays.copyOfRange(data, header.start(), header.start() + header.length());
            Serializer<?> serializer = (Serializer<?>) new DeserializeStream(descriptor).readObject();
            Repository.provideSerializer(serializer);
            INSTALLED.incrementAndGet();
            VERSIONS.put(present, versions + 1);
            return SchemaInstallation.INSTALLED;
        }
    }

    /** The first name in the descriptor the allow-list refuses, or null. */
    static String firstRefused(DescriptorHeader header, ClassAllowList allowList) {
        for (String name : header.classNames()) {
            if (!allowList.isAllowed(name)) {
                return name;
            }
        }
        for (String name : header.fieldTypes()) {
            for (String alternative : name.split("\\|", 2)) {
                if (!allowList.isAllowed(alternative) && !isJdkSupertypeOfBuiltIn(alternative)) {
                    return alternative;
                }
            }
        }
        return null;
    }

    /**
     * Whether a field may declare this JDK type: an interface or abstract class that a built-in allowed type
     * implements or extends ({@code List}, {@code Map}, {@code Number}, {@code Serializable}, {@code Temporal}...), so
     * that the field can hold an allowed value. Any other {@code java.*} class is refused: one-nio initializes
     * declared types, and some JDK classes act in their static initializer ({@code java.util.prefs.Preferences}
     * instantiates a service provider found on the class path). Loading without initializing decides it.
     */
    private static boolean isJdkSupertypeOfBuiltIn(String name) {
        int element = 0;
        while (element < name.length() && name.charAt(element) == '[') {
            element++;
        }
        String elementName = element > 0 && name.startsWith("L", element) && name.endsWith(";")
                ? name.substring(element + 1, name.length() - 1) : name;
        if (!elementName.startsWith("java.")) {
            return false;
        }
        return JDK_SUPERTYPES.computeIfAbsent(elementName, DescriptorInstaller::supertypeOfBuiltIn);
    }

    private static boolean supertypeOfBuiltIn(String name) {
        Class<?> type;
        try {
            type = Class.forName(name, false, null); // only the JDK's own loader, and no static initializer
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
        if (!type.isInterface() && !Modifier.isAbstract(type.getModifiers())) {
            return false;
        }
        for (Class<?> builtIn : BuiltIns.CLASSES) {
            if (type.isAssignableFrom(builtIn)) {
                return true;
            }
        }
        return false;
    }

    /** The built-in allowed JDK classes, loaded (never initialized) on first use. */
    private static final class BuiltIns {

        static final List<Class<?>> CLASSES = ClassAllowList.BUILT_IN.stream().map(BuiltIns::load)
                .filter(java.util.Objects::nonNull).toList();

        private static @Nullable Class<?> load(String name) {
            try {
                return Class.forName(name, false, null);
            } catch (ClassNotFoundException | LinkageError e) {
                return null; // a JDK-internal class of another JDK version
            }
        }
    }

    /** The descriptors installed from outside in this JVM so far. */
    static int installed() {
        return INSTALLED.get();
    }

    /**
     * The name under which one-nio finds the class (its name or old name) without generating a stub, or null;
     * nothing is initialized. Versions are counted by it, so varying a made-up old name does not escape the cap.
     */
    private static @Nullable String presentName(DescriptorHeader header) {
        for (String name : header.classNames()) {
            try {
                return Class.forName(name, false, BytecodeGenerator.INSTANCE).getName();
            } catch (ClassNotFoundException | LinkageError e) {
                // try the class's old name, if it was renamed
            }
        }
        return null;
    }
}
