package dev.sessiondata.spring;

import dev.sessiondata.serializer.ClassAllowList;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Checks that every object reachable from an attribute value is of an allowed class. The serializers enforce the
 * allow-list when they read, not when they write, so without this check a session could be stored that no reader
 * can load. The walk follows collections, maps and arrays through their public API and the application's own
 * classes through their fields, as a serializer does; JDK value types are leaves.
 */
final class AttributeCheck {

    private final ClassAllowList allowList;
    /** The readers' bound on objects per payload: an attribute that reaches more could not be read back anyway. */
    private final int maxObjects;
    private final ClassValue<Field[]> fields = new ClassValue<>() {
        @Override
        protected Field[] computeValue(Class<?> type) {
            return instanceFields(type);
        }
    };

    AttributeCheck(ClassAllowList allowList, int maxObjects) {
        this.allowList = allowList;
        this.maxObjects = maxObjects;
    }

    /**
     * @throws DisallowedAttributeException if {@code value} or anything it reaches is of a class not allowed
     * @throws IllegalArgumentException if it reaches more objects than a reader reads
     */
    void check(String attribute, @Nullable Object value) {
        if (value == null) {
            return;
        }
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Step> pending = new ArrayDeque<>();
        pending.push(new Step(value, ""));
        while (!pending.isEmpty()) {
            Step step = pending.pop();
            Object object = step.object();
            if (!seen.add(object)) {
                continue;
            }
            if (seen.size() > maxObjects) {
                throw new IllegalArgumentException("session attribute '" + attribute + "' reaches more than "
                        + maxObjects + " objects, more than a reader reads (SerializerSettings.maxObjects)");
            }
            Class<?> type = object.getClass();
            if (!allowList.isAllowed(type)) {
                throw new DisallowedAttributeException(attribute, step.path(), type.getName());
            }
            if (type.isArray()) {
                if (!type.getComponentType().isPrimitive()) {
                    for (int i = 0, n = Array.getLength(object); i < n; i++) {
                        push(pending, Array.get(object, i), step.path() + "[" + i + "]");
                    }
                }
            } else if (object instanceof Collection<?> collection) {
                int i = 0;
                for (Object element : collection) {
                    push(pending, element, step.path() + "[" + i++ + "]");
                }
            } else if (object instanceof Map<?, ?> map) {
                for (Map.Entry<?, ?> entry : map.entrySet()) {
                    push(pending, entry.getKey(), step.path() + "{key}");
                    push(pending, entry.getValue(), step.path() + "[" + entry.getKey() + "]");
                }
            } else if (!isJdk(type) && !type.isEnum()) {
                for (Field field : fields.get(type)) {
                    push(pending, read(field, object), step.path() + "." + field.getName());
                }
            }
        }
    }

    private static void push(Deque<Step> pending, @Nullable Object object, String path) {
        if (object != null) {
            pending.push(new Step(object, path));
        }
    }

    private static @Nullable Object read(Field field, Object owner) {
        try {
            return field.get(owner);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read " + field + " to check it against the allow-list", e);
        }
    }

    /** The reference fields a serializer writes: neither static nor transient, up to the first JDK superclass. */
    private static Field[] instanceFields(Class<?> type) {
        List<Field> found = new ArrayList<>();
        for (Class<?> c = type; c != null && !isJdk(c); c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                int modifiers = field.getModifiers();
                if (Modifier.isStatic(modifiers) || Modifier.isTransient(modifiers) || field.getType().isPrimitive()) {
                    continue;
                }
                try {
                    field.setAccessible(true);
                    found.add(field);
                } catch (InaccessibleObjectException e) {
                    // a class of a named module that does not open its package: its serializer cannot reach the
                    // field either, so what the field holds is the serializer's refusal to make, not ours
                }
            }
        }
        return found.toArray(Field[]::new);
    }

    private static boolean isJdk(Class<?> type) {
        String name = type.getName();
        return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.")
                || name.startsWith("sun.");
    }

    private record Step(Object object, String path) {
    }
}
