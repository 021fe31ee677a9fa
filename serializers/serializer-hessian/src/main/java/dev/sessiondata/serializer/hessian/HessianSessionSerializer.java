package dev.sessiondata.serializer.hessian;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.AbstractSessionSerializer;
import dev.sessiondata.serializer.ReadBudget;
import dev.sessiondata.serializer.SerializerSettings;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * Hessian 2 through Dubbo's hessian-lite. The {@link AllowListSerializerFactory} is shared by all threads (it is
 * thread-safe and caches per-class serializers); the Hessian input and output are made per call, as they hold the
 * state of one stream.
 */
final class HessianSessionSerializer extends AbstractSessionSerializer {


    private final AllowListSerializerFactory factory;

    HessianSessionSerializer(SerializerSettings settings) {
        super(KnownSerializers.HESSIAN, settings);
        requireSerializableRegisteredClasses();
        this.factory = new AllowListSerializerFactory(settings);
    }

    @Override
    protected byte[] write(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        Hessian2Output out = new Hessian2Output(bytes);
        out.setSerializerFactory(factory);
        out.writeObject(value);
        out.close();
        return bytes.toByteArray();
    }

    @Override
    protected Object read(byte[] data, Class<?> type) throws IOException {
        Hessian2Input in = new BoundedHessian2Input(data, settings.maxArrayLength(), settings.maxDepth(),
                ReadBudget.current());
        in.setSerializerFactory(factory);
        return in.readObject(type);
    }
}
