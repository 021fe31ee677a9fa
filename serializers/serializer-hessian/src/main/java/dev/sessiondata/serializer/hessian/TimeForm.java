package dev.sessiondata.serializer.hessian;

import java.util.List;
import java.util.function.Function;

/**
 * How one java.time type travels in Hessian: as an object of type {@code typeName} whose fields (one-letter names,
 * so that the class definition stays small) hold the value's numeric components.
 *
 * @param type       the class written
 * @param typeName   the Hessian type name, resolved on read through the allow-list like any other
 * @param fields     the field names, in the order {@code components} returns the values
 * @param components the field values of one instance: {@link Long}, {@link Integer} or {@link String}
 * @param create     the instance from the field values read, in the order of {@code fields}
 */
record TimeForm<T>(Class<T> type, String typeName, List<String> fields, Function<T, List<Object>> components,
                   Function<FieldValues, T> create) {

    static <T> TimeForm<T> of(Class<T> type, List<String> fields, Function<T, List<Object>> components,
                              Function<FieldValues, T> create) {
        return new TimeForm<>(type, type.getName(), fields, components, create);
    }

    /** The field values read for one instance, by position in {@link TimeForm#fields()}; absent fields are errors. */
    record FieldValues(String typeName, Object[] values) {

        long longAt(int index) {
            return number(index).longValue();
        }

        int intAt(int index) {
            return Math.toIntExact(longAt(index));
        }

        String stringAt(int index) {
            if (values[index] instanceof String text) {
                return text;
            }
            throw new IllegalArgumentException(typeName + ": field " + index + " is not a string: " + values[index]);
        }

        private Number number(int index) {
            if (values[index] instanceof Number number) {
                return number;
            }
            throw new IllegalArgumentException(typeName + ": field " + index + " is not a number: " + values[index]);
        }
    }
}
