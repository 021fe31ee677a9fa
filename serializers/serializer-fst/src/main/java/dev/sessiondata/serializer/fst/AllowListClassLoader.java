package dev.sessiondata.serializer.fst;

import dev.sessiondata.serializer.ClassAllowList;

/**
 * The class loader FST resolves the class names of a payload in: FST calls {@code Class.forName(name, false, it)},
 * and this loader refuses a name outside the allow-list before its parent is even asked, so a refused class is never
 * loaded, let alone initialized. Allowed names are loaded by the configured class loader, as without it.
 */
final class AllowListClassLoader extends ClassLoader {

    static {
        registerAsParallelCapable();
    }

    private final ClassAllowList allowList;

    AllowListClassLoader(ClassLoader parent, ClassAllowList allowList) {
        super(parent);
        this.allowList = allowList;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!allowList.isAllowed(name)) {
            throw new ClassNotFoundException(name, allowList.refusal(name));
        }
        return super.loadClass(name, resolve);
    }
}
