package dev.sessiondata.serializer.jackson;

import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** An application class that asks Jackson for class names itself, and a field holding a class. */
class AnnotatedPayload {

    @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS)
    Object payload;

    Class<?> kind;
}
