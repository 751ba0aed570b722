package dev.tableindex.model.iceberg.order;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.util.HexFormat;
import java.util.UUID;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Values as the kit's clustering vectors write them in JSON (golden-files/iceberg-index/clustering): null; floats
 * and doubles as strings so NaN, -NaN, Infinity and -0.0 are exact; binary as hex; decimals and dates as strings.
 */
public final class VectorValues {
    private static final long DOUBLE_NEGATIVE_NAN = 0xFFF8_0000_0000_0000L;
    private static final int FLOAT_NEGATIVE_NAN = 0xFFC0_0000;

    private VectorValues() {
    }

    public static Object parse(Type.PrimitiveType type, JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        String text = node.asText();
        switch (type.typeId()) {
            case BOOLEAN:
                return node.asBoolean();
            case INTEGER:
                return node.asInt();
            case LONG:
                return node.asLong();
            case FLOAT:
                return "-NaN".equals(text) ? Float.intBitsToFloat(FLOAT_NEGATIVE_NAN) : Float.parseFloat(text);
            case DOUBLE:
                return "-NaN".equals(text) ? Double.longBitsToDouble(DOUBLE_NEGATIVE_NAN) : Double.parseDouble(text);
            case STRING:
                return text;
            case BINARY:
            case FIXED:
                return ByteBuffer.wrap(HexFormat.of().parseHex(text));
            case DECIMAL:
                return new BigDecimal(text).setScale(((Types.DecimalType) type).scale());
            case UUID:
                return UUID.fromString(text);
            case DATE:
                return LocalDate.parse(text);
            default:
                throw new IllegalArgumentException("no vector syntax for type " + type);
        }
    }
}
