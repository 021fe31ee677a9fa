package dev.sessiondata.serializer.kryo;

import com.esotericsoftware.kryo.util.DefaultClassResolver;
import dev.sessiondata.serializer.ClassAllowList;
import org.jspecify.annotations.Nullable;

/**
 * Kryo's resolver of class ids and names, which asks the allow-list about every class name a payload carries before
 * Kryo loads the class. Kryo consults {@link #getTypeByName} first for each name it reads, and only
 * on a miss calls {@code Class.forName(name, false, loader)}: a refused name is never loaded, let alone initialized.
 * A name Kryo has cached was checked when it was first loaded, so each payload does not pay for the check again.
 */
final class AllowListClassResolver extends DefaultClassResolver {

    private final ClassAllowList allowList;

    AllowListClassResolver(ClassAllowList allowList) {
        this.allowList = allowList;
    }

    @Override
    @SuppressWarnings("rawtypes")
    protected @Nullable Class getTypeByName(String className) {
        Class resolved = super.getTypeByName(className);
        if (resolved == null) {
            // Kryo's cache holds only names it loaded after this check passed, so only a miss needs the check
            allowList.check(className);
        }
        return resolved;
    }
}
