package dev.sessiondata.serializer.hessian;

import com.alibaba.com.caucho.hessian.io.AbstractDeserializer;
import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import java.io.IOException;

/** Reads one java.time type from its {@link TimeForm}; fields it does not know are read and dropped. */
final class TimeFormDeserializer<T> extends AbstractDeserializer {

    private final TimeForm<T> form;

    TimeFormDeserializer(TimeForm<T> form) {
        this.form = form;
    }

    @Override
    public Class<?> getType() {
        return form.type();
    }

    @Override
    public Object readObject(AbstractHessianInput in, Object[] fields) throws IOException {
        Object[] values = new Object[form.fields().size()];
        for (Object field : fields) {
            Object value = in.readObject();
            int index = form.fields().indexOf((String) field);
            if (index >= 0) {
                values[index] = value;
            }
        }
        return create(in, values);
    }

    @Override
    public Object readMap(AbstractHessianInput in) throws IOException {
        Object[] values = new Object[form.fields().size()];
        while (!in.isEnd()) {
            int index = form.fields().indexOf(in.readString());
            Object value = in.readObject();
            if (index >= 0) {
                values[index] = value;
            }
        }
        in.readMapEnd();
        return create(in, values);
    }

    private T create(AbstractHessianInput in, Object[] values) throws IOException {
        T value = form.create().apply(new TimeForm.FieldValues(form.typeName(), values));
        in.addRef(value);
        return value;
    }
}
