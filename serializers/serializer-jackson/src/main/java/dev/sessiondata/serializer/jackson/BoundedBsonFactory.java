package dev.sessiondata.serializer.jackson;

import com.fasterxml.jackson.core.io.IOContext;
import de.undercouch.bson4jackson.BsonFactory;
import de.undercouch.bson4jackson.BsonParser;
import java.io.InputStream;

/**
 * A bson4jackson factory whose parsers are {@link BoundedBsonParser}s. It reads byte arrays only: their length is what
 * every length prefix in the payload is checked against.
 */
final class BoundedBsonFactory extends BsonFactory {

    private static final long serialVersionUID = 1L;

    @Override
    protected BsonParser _createParser(byte[] data, int offset, int len, IOContext ctxt) {
        BoundedBsonParser parser = new BoundedBsonParser(ctxt, _parserFeatures, _bsonParserFeatures, data, offset, len);
        parser.setCodec(getCodec());
        return parser;
    }

    @Override
    protected BsonParser _createParser(InputStream in, IOContext ctxt) {
        throw new UnsupportedOperationException("reads byte arrays only, so that length prefixes can be bounded");
    }

    @Override
    public BsonFactory copy() {
        throw new UnsupportedOperationException("not copied: it belongs to one serializer");
    }
}
