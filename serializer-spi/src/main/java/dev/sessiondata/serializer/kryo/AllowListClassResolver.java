package dev.sessiondata.serializer.kryo;

import com.esotericsoftware.kryo.util.DefaultClassResolver;
import dev.sessiondata.serializer.ClassAllowList;
import org.jspecify.annotations.Nullable;

/**
 * Kryo's resolver of class ids and names, which asks the allow-list about every class name a payload carries before
 * Kryo looks the class up or loads it. Kryo consults {@link #getTypeByName} first for each name it reads, and only
 * on a miss calls {@code Class.forName(name, false, loader)}: a refused name is never loaded, let alone initialized.
 */
final class AllowListClassResolver extends DefaultClassResolver {

    private final String serializerId;
    private final ClassAllowList allowList;

    AllowListClassResolver(String serializerId, ClassAllowList allowList) {
        this.serializerId = serializerId;
        this.allowList = allowList;
    }

    @Override
    @SuppressWarnings("rawtypes")
    protected @Nullable Class getTypeByName(String className) {
        allowList.check(serializerId, className);
        return super.getTypeByName(className);
    }
}
