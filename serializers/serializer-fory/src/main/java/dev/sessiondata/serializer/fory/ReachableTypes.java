package dev.sessiondata.serializer.fory;

import dev.sessiondata.serializer.TypeWalk;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The concrete classes reachable from some classes through their fields' declared types, generic type arguments and
 * array components included, in a deterministic order (fields by name), so that two JVMs of one application build
 * the same type definition set. JDK classes are listed but not entered: Fory writes most of them by internal id.
 * A field declared as an interface or {@code Object} reaches nothing; the classes it holds at run time are found by
 * the writes that meet them.
 */
final class ReachableTypes {

    private static final List<String> JDK_PACKAGES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");

    private ReachableTypes() {
    }

    static Set<Class<?>> from(Collection<Class<?>> roots) {
        Set<Class<?>> found = new LinkedHashSet<>();
        TypeWalk.walk(roots, (cls, pending) -> visit(cls, found, pending));
        return found;
    }

    /** An array reaches its component; a class is listed if concrete, and entered unless an enum or the JDK's. */
    private static void visit(Class<?> cls, Set<Class<?>> found, Consumer<Type> pending) {
        if (cls.isArray()) {
            pending.accept(cls.getComponentType());
        } else if (!cls.isPrimitive()) {
            if (cls.isEnum() || !(cls.isInterface() || Modifier.isAbstract(cls.getModifiers()))) {
                found.add(cls);
            }
            if (!cls.isEnum() && !isJdk(cls)) {
                enterFields(cls, pending);
            }
        }
    }

    private static void enterFields(Class<?> cls, Consumer<Type> pending) {
        for (Class<?> c = cls; c != null && c != Object.class; c = c.getSuperclass()) {
            Stream.of(c.getDeclaredFields())
                    .filter(field -> !Modifier.isStatic(field.getModifiers())
                            && !Modifier.isTransient(field.getModifiers()))
                    .sorted(Comparator.comparing(Field::getName))
                    .forEach(field -> pending.accept(field.getGenericType()));
        }
    }

    private static boolean isJdk(Class<?> cls) {
        String name = cls.getName();
        return JDK_PACKAGES.stream().anyMatch(name::startsWith);
    }
}
