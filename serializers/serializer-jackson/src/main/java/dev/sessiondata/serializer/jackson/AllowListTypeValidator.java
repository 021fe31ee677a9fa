package dev.sessiondata.serializer.jackson;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.cfg.MapperConfig;
import com.fasterxml.jackson.databind.jsontype.PolymorphicTypeValidator;
import dev.sessiondata.serializer.ClassAllowList;

/**
 * Admits a polymorphic type id only if the allow-list admits its class, judged by name before Jackson loads it.
 *
 * <p>The answer for a name is always final (allowed or denied, never "indeterminate"): on "indeterminate" Jackson
 * would load and initialize the class to ask again about the loaded type.
 */
final class AllowListTypeValidator extends PolymorphicTypeValidator.Base {

    private static final long serialVersionUID = 1L;

    private final ClassAllowList allowList;

    AllowListTypeValidator(ClassAllowList allowList) {
        this.allowList = allowList;
    }

    @Override
    public Validity validateSubClassName(MapperConfig<?> config, JavaType baseType, String subClassName) {
        return allowList.isAllowed(subClassName) ? Validity.ALLOWED : Validity.DENIED;
    }

    @Override
    public Validity validateSubType(MapperConfig<?> config, JavaType baseType, JavaType subType) {
        return allowList.isAllowed(subType.getRawClass()) ? Validity.ALLOWED : Validity.DENIED;
    }
}
