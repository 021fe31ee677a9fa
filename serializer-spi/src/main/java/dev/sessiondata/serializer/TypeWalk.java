package dev.sessiondata.serializer;

import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A walk over the classes reachable from some types, for a serializer that must publish the schemas of every class
 * a value of its roots may hold: each type is taken apart once (a parameterized type into its raw type and type
 * arguments, a generic array into its component, a wildcard or type variable into its bounds) and each class is
 * handed to the caller, who may add more types (its fields' declared types) to the walk.
 */
public final class TypeWalk {

    private TypeWalk() {
    }

    /** Calls {@code visit} once per class reachable from {@code roots}, in breadth-first order. */
    public static void walk(Collection<? extends Type> roots, BiConsumer<Class<?>, Consumer<Type>> visit) {
        Deque<Type> pending = new ArrayDeque<>(roots);
        Set<Type> seen = new HashSet<>();
        while (!pending.isEmpty()) {
            Type type = pending.poll();
            if (!seen.add(type)) {
                continue;
            }
            if (type instanceof ParameterizedType parameterized) {
                pending.add(parameterized.getRawType());
                pending.addAll(List.of(parameterized.getActualTypeArguments()));
            } else if (type instanceof GenericArrayType array) {
                pending.add(array.getGenericComponentType());
            } else if (type instanceof WildcardType wildcard) {
                pending.addAll(List.of(wildcard.getUpperBounds()));
            } else if (type instanceof TypeVariable<?> variable) {
                pending.addAll(List.of(variable.getBounds()));
            } else if (type instanceof Class<?> cls) {
                visit.accept(cls, pending::add);
            }
        }
    }
}
