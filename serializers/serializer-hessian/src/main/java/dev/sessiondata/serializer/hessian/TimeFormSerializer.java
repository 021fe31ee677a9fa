package dev.sessiondata.serializer.hessian;

import com.alibaba.com.caucho.hessian.io.AbstractHessianOutput;
import com.alibaba.com.caucho.hessian.io.AbstractSerializer;
import java.io.IOException;
import java.util.List;

/** Writes one java.time type in its {@link TimeForm}. */
final class TimeFormSerializer<T> extends AbstractSerializer {

    private final TimeForm<T> form;

    TimeFormSerializer(TimeForm<T> form) {
        this.form = form;
    }

    @Override
    public void writeObject(Object obj, AbstractHessianOutput out) throws IOException {
        if (obj == null) {
            out.writeNull();
            return;
        }
        // every object takes a reference number, on both sides, so that later back-references stay aligned
        if (out.addRef(obj)) {
            return;
        }
        List<Object> values = form.components().apply(form.type().cast(obj));
        int definition = out.writeObjectBegin(form.typeName());
        if (definition < -1) {
            // an output without class definitions (Hessian 1) writes a map of field names to values
            for (int i = 0; i < values.size(); i++) {
                out.writeString(form.fields().get(i));
                out.writeObject(values.get(i));
            }
            out.writeMapEnd();
            return;
        }
        if (definition == -1) {
            out.writeClassFieldLength(form.fields().size());
            for (String field : form.fields()) {
                out.writeString(field);
            }
            out.writeObjectBegin(form.typeName());
        }
        for (Object value : values) {
            out.writeObject(value);
        }
    }
}
