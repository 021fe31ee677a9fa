package dev.sessiondata.serializer.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import com.esotericsoftware.kryo.util.MapReferenceResolver;
import dev.sessiondata.serializer.ClassAllowList;
import dev.sessiondata.serializer.ReadBudget;
import dev.sessiondata.serializer.SerializerSettings;
import org.jspecify.annotations.Nullable;
import org.objenesis.instantiator.ObjectInstantiator;
import org.objenesis.strategy.StdInstantiatorStrategy;

/**
 * One Kryo configured from the settings; not thread-safe, so {@link KryoSessionSerializer} pools them.
 *
 * <p>Registration is not required: application classes travel by name (once per payload), checked against the
 * allow-list before they are loaded ({@link AllowListClassResolver}); JDK value types have fixed ids
 * ({@link JdkTypeIds}). References are on, so shared objects stay shared. Nesting is bounded by
 * {@link SerializerSettings#maxDepth()}, declared lengths by {@link ReadLimits}, the work of a read by its
 * {@link ReadBudget} (objects, collection elements, hash nesting), and nothing outside the allow-list
 * is ever instantiated, not even the declared type of a field.
 */
final class SessionKryo extends Kryo {

    private final ClassAllowList allowList;
    private final ReadLimits limits;
    private @Nullable ReadBudget budget;

    SessionKryo(SerializerSettings settings) {
        super(new AllowListClassResolver(settings.allowList()), new CountingReferenceResolver());
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

    /** Reads one payload with this instance, counting against {@code budget}. */
    Object read(Input input, ReadBudget budget) {
        this.budget = budget;
        try {
            return readClassAndObject(input);
        } finally {
            this.budget = null;
        }
    }

    /** The budget of the read {@code kryo} is doing. */
    static ReadBudget budget(Kryo kryo) {
        ReadBudget budget = ((SessionKryo) kryo).budget;
        if (budget == null) {
            throw new IllegalStateException("not reading");
        }
        return budget;
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

    /**
     * Kryo's reference resolver, counting every object read and every back-reference against the read's budget, and
     * what hashing a back-reference inside a hash-based collection would walk.
     */
    private static final class CountingReferenceResolver extends MapReferenceResolver {

        @Override
        @SuppressWarnings("rawtypes")
        public int nextReadId(Class type) {
            budget(kryo).countObject();
            return super.nextReadId(type);
        }

        @Override
        @SuppressWarnings("rawtypes")
        public Object getReadObject(Class type, int id) {
            ReadBudget budget = budget(kryo);
            budget.countObject();
            Object shared = super.getReadObject(type, id);
            budget.countSharedReference(shared);
            return shared;
        }
    }
}
