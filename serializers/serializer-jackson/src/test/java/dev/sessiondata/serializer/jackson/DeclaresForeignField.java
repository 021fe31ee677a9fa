package dev.sessiondata.serializer.jackson;

import dev.sessiondata.forbidden.Intruder;

/** An allowed class that declares a field of a class outside the allow-list. */
class DeclaresForeignField {

    String name;

    Intruder intruder;
}
