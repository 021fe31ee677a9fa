package dev.sessiondata.serializer.bson;

import org.bson.codecs.pojo.ClassModelBuilder;
import org.bson.codecs.pojo.Convention;
import org.bson.codecs.pojo.PropertyModelBuilder;

/**
 * Switches discriminators off, even on a class annotated {@code @BsonDiscriminator}: a discriminator is a class name
 * in the payload, and the library resolves it with {@code Class.forName}, which runs the named class's static
 * initializer before anything could check it. Applied after the annotation convention, so it has the last word.
 */
final class NoDiscriminators implements Convention {

    @Override
    public void apply(ClassModelBuilder<?> classModelBuilder) {
        classModelBuilder.enableDiscriminator(false);
        for (PropertyModelBuilder<?> property : classModelBuilder.getPropertyModelBuilders()) {
            property.discriminatorEnabled(false);
        }
    }
}
