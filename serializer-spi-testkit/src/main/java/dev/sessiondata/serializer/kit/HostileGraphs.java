package dev.sessiondata.serializer.kit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Payload shapes a hostile or buggy client can write to make every reader of a session spend unbounded work.
 *
 * <p>"SerialDOS": hash-based collections nested in each other, each level holding the same two collections of the
 * level below. With shared references the graph has two collections per level, so it is small to write (linear in
 * the depth); but a reader rebuilding a {@code HashSet} or {@code HashMap} hashes each element, and the hash code of a
 * collection walks every path below it: about 2<sup>depth</sup> steps, so depth 30 takes a minute and depth 100 never
 * ends. Building the graph here costs nothing, because each collection is hashed when it is added, while still small.
 */
public final class HostileGraphs {

    private HostileGraphs() {
    }

    /** Nested {@code HashSet}s, {@code depth} levels below the root, sharing references (the classic SerialDOS). */
    public static Set<Object> nestedHashSets(int depth) {
        Set<Object> root = new HashSet<>();
        Set<Object> left = root;
        Set<Object> right = new HashSet<>();
        for (int level = 0; level < depth; level++) {
            Set<Object> first = new HashSet<>();
            Set<Object> second = new HashSet<>();
            second.add("level-" + level); // so that the two differ and both stay in their parents
            left.add(first);
            left.add(second);
            right.add(first);
            right.add(second);
            left = first;
            right = second;
        }
        return root;
    }

    /** The same shape with {@code HashMap}s used as keys of {@code HashMap}s. */
    public static Map<Object, Object> nestedHashMapKeys(int depth) {
        Map<Object, Object> root = new HashMap<>();
        Map<Object, Object> left = root;
        Map<Object, Object> right = new HashMap<>();
        for (int level = 0; level < depth; level++) {
            Map<Object, Object> first = new HashMap<>();
            Map<Object, Object> second = new HashMap<>();
            second.put("level-" + level, "");
            left.put(first, "a");
            left.put(second, "b");
            right.put(first, "a");
            right.put(second, "b");
            left = first;
            right = second;
        }
        return root;
    }

    /**
     * What a format without shared references can hold of the shape: one chain of {@code depth} nested
     * {@code HashSet}s, each with one element of its own. Reading it costs depth<sup>2</sup> hash steps at most.
     */
    public static Set<Object> hashSetChain(int depth) {
        Set<Object> root = new HashSet<>();
        Set<Object> current = root;
        for (int level = 0; level < depth; level++) {
            Set<Object> next = new HashSet<>();
            current.add("level-" + level);
            current.add(next);
            current = next;
        }
        return root;
    }

    /**
     * One {@code HashSet} holding a list of two references to one list, which holds two references to the next, and
     * so on {@code depth} deep: hashing the set's element walks 2<sup>depth</sup> lists, with a single hash-based
     * collection in the graph, so {@code maxHashNesting} does not see it.
     */
    public static Set<Object> sharedListsInAHashSet(int depth) {
        List<Object> inner = new ArrayList<>(List.of("leaf"));
        for (int level = 0; level < depth; level++) {
            inner = new ArrayList<>(List.of(inner, inner));
        }
        List<Object> holder = new ArrayList<>();
        Set<Object> root = new HashSet<>();
        root.add(holder); // hashed while empty; a reader hashes it full
        holder.add(inner);
        return root;
    }
}
