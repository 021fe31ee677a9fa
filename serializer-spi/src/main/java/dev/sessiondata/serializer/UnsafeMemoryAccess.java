package dev.sessiondata.serializer;

import java.lang.reflect.Field;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;

/**
 * Whether this JVM denies the memory-access methods of {@code sun.misc.Unsafe} (JEP 471): JDK 24 and 25 allow them
 * with a warning by default, {@value #DENY_OPTION} makes every call throw {@code UnsupportedOperationException}, and
 * a later JDK is to deny them by default. Serializer providers ask this once, before touching their library, to pick
 * the library's path without Unsafe, or to decline a variant that has none.
 *
 * <p>Decided once per JVM, without calling Unsafe where the answer is known: a JDK before 23 has no such option and
 * allows; from 23 the launcher turns the option into the system property {@value #PROPERTY}, whose value decides;
 * without it, a JDK up to 25 allows; only a later JDK without the option is asked by one guarded call
 * ({@code arrayBaseOffset}, which throws when denied). A runtime image without the {@code jdk.unsupported} module has
 * no {@code sun.misc.Unsafe} at all, which counts as denied.
 */
public final class UnsafeMemoryAccess {

    /** The JVM option that denies Unsafe memory access. */
    public static final String DENY_OPTION = "--sun-misc-unsafe-memory-access=deny";

    /** The system property the launcher sets from {@code --sun-misc-unsafe-memory-access}. */
    static final String PROPERTY = "sun.misc.unsafe.memory.access";

    /** The first JDK release with {@code --sun-misc-unsafe-memory-access}. */
    static final int FIRST_RELEASE_WITH_THE_OPTION = 23;

    /** The last JDK release whose default allows Unsafe memory access (with a warning). */
    static final int LAST_RELEASE_ALLOWING_BY_DEFAULT = 25;

    private static final boolean DENIED = decide(ModuleLayer.boot().findModule("jdk.unsupported").isPresent(),
            System.getProperty(PROPERTY), Runtime.version().feature(), UnsafeMemoryAccess::callDenied);

    private UnsafeMemoryAccess() {
    }

    /** Whether {@code sun.misc.Unsafe}'s memory-access methods throw (or are missing) in this JVM. */
    public static boolean isDenied() {
        return DENIED;
    }

    /**
     * For a library that decides once per JVM, from a system property read when its classes initialize, whether to
     * use Unsafe (Kryo's {@code kryo.unsafe}, hessian-lite's {@code com.caucho.hessian.unsafe}): where Unsafe memory
     * access is denied, sets {@code property} to {@code false} unless the application set it, then asks the library
     * whether it still uses Unsafe, which initializes it with the property set. Nothing happens where it is allowed.
     *
     * @param serializerId the serializer that needs this, named in the exception
     * @param property the library's system property, {@code false} meaning "no Unsafe"
     * @param libraryUsesUnsafe reads the library's decision; called only after the property is set
     * @throws IllegalStateException if the library still uses Unsafe (it was initialized before, or the property is
     *     set otherwise), naming the flag to start the JVM with
     */
    public static void switchOffWhereDenied(String serializerId, String property, BooleanSupplier libraryUsesUnsafe) {
        if (!DENIED) {
            return;
        }
        if (System.getProperty(property) == null) {
            System.setProperty(property, "false");
        }
        if (libraryUsesUnsafe.getAsBoolean()) {
            throw new IllegalStateException("serializer '" + serializerId + "': this JVM denies sun.misc.Unsafe "
                    + "memory access (" + DENY_OPTION + "), but its library was initialized to use Unsafe before the "
                    + "serializer could switch it off; start the JVM with -D" + property + "=false");
        }
    }

    static boolean decide(boolean unsafePresent, @Nullable String option, int release, BooleanSupplier callDenied) {
        if (!unsafePresent) {
            return true;
        }
        if (release < FIRST_RELEASE_WITH_THE_OPTION) {
            return false;
        }
        if (option != null) {
            return "deny".equals(option);
        }
        return release > LAST_RELEASE_ALLOWING_BY_DEFAULT && callDenied.getAsBoolean();
    }

    /** Calls {@code sun.misc.Unsafe.arrayBaseOffset} reflectively: true when it throws or cannot be reached. */
    private static boolean callDenied() {
        try {
            Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
            Field instance = unsafeClass.getDeclaredField("theUnsafe");
            instance.setAccessible(true);
            unsafeClass.getMethod("arrayBaseOffset", Class.class).invoke(instance.get(null), byte[].class);
            return false;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return true;
        }
    }
}
