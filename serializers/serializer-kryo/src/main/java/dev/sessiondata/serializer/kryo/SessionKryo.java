package dev.sessiondata.serializer.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import com.esotericsoftware.kryo.util.MapReferenceResolver;
import dev.sessiondata.serializer.ClassAllowList;
import dev.sessiondata.serializer.SerializerSettings;
import org.objenesis.instantiator.ObjectInstantiator;
import org.objenesis.strategy.StdInstantiatorStrategy;

/**
 * One Kryo configured from the settings; not thread-safe, so {@link KryoSessionSerializer} pools them.
 *
 * <p>Registration is not required: application classes travel by name (once per payload), checked against the
 * allow-list before they are loaded ({@link AllowListClassResolver}); JDK value types have fixed ids
 * ({@link JdkTypeIds}). References are on, so shared objects stay shared. Nesting is bounded by
 * {@link SerializerSettings#maxDepth()}, declared lengths by {@link ReadLimits}, and nothing outside the allow-list
 * is ever instantiated, not even the declared type of a field.
 */
final class SessionKryo extends Kryo {

    private final ClassAllowList allowList;
    private final ReadLimits limits;

    SessionKryo(SerializerSettings settings) {
        super(new AllowListClassResolver(settings.allowList()), new MapReferenceResolver());
        this.allowList = settings.allowList();
        this.limits = new ReadLimits(settings.maxArrayLength());
        setRegistrationRequired(false);
        setMaxDepth(settings.maxDepth());
        setClassLoader(settings.classLoader());
        // no-arg constructors where there are any, else Objenesis, as Kryo's documentation recommends
        setInstantiatorStrategy(new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
        JdkTypeIds.register(this);
        for (Class<?> type : settings.registeredClasses()) {
            getRegistration(type); // builds the serializer now; the class still travels by name
        }
    }

    @Override
    @SuppressWarnings("rawtypes")
    public Serializer getDefaultSerializer(Class type) {
        return BoundedSerializers.bound(type, super.getDefaultSerializer(type), limits);
    }

    /**
     * Kryo instantiates only while reading, through the instantiator it asks for here once per class and then keeps
     * in the class's registration: a class outside the allow-list gets none, so it is refused (again on every
     * attempt) before its constructor runs, while an allowed class costs no check per object.
     */
    @Override
    @SuppressWarnings("rawtypes")
    protected ObjectInstantiator newInstantiator(Class type) {
        allowList.check(type);
        return super.newInstantiator(type);
    }
}
