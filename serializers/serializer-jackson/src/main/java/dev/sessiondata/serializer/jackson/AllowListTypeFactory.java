package dev.sessiondata.serializer.jackson;

import com.fasterxml.jackson.databind.type.TypeFactory;
import com.fasterxml.jackson.databind.type.TypeParser;
import dev.sessiondata.serializer.ClassAllowList;

/**
 * A type factory that loads classes by name only when the allow-list admits them, in the settings' class loader.
 *
 * <p>Every class a payload names reaches Jackson through {@link #findClass}: polymorphic type ids, a {@code Class}
 * field's value, and the type parameters of a generic type id. The last never reach the
 * {@link AllowListTypeValidator}: Jackson validates {@code java.util.ArrayList<com.evil.Gadget>} as
 * {@code java.util.ArrayList}, then loads and initializes {@code com.evil.Gadget} to build the type. This check
 * refuses it first.
 */
final class AllowListTypeFactory extends TypeFactory {

    private static final long serialVersionUID = 1L;

    private final ClassAllowList allowList;

    AllowListTypeFactory(ClassAllowList allowList, ClassLoader classLoader) {
        // the parser is rebound to this factory by the super constructor
        super(null, new TypeParser(TypeFactory.defaultInstance()), null, classLoader);
        this.allowList = allowList;
    }

    @Override
    public Class<?> findClass(String className) throws ClassNotFoundException {
        if (_findPrimitive(className) == null && !allowList.isAllowed(className)) {
            throw allowList.refusal(className);
        }
        return super.findClass(className);
    }
}
