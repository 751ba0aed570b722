package dev.tableindex.tck.engine;

import com.google.protobuf.ByteString;
import dev.tableindex.model.key.Float32;
import dev.tableindex.model.key.Float64;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyValueException;
import dev.tableindex.model.key.KeyValues;
import dev.tableindex.proto.tck.KeyValue;
import java.util.ArrayList;
import java.util.List;

/** Key tuples between the model's Java values and the protocol's {@link KeyValue} messages. */
public final class ProtoKeyValues {
    private ProtoKeyValues() {
    }

    public static List<KeyValue> toProto(List<KeyType> types, List<?> tuple) {
        List<KeyValue> values = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            values.add(toProto(types.get(i), tuple.get(i)));
        }
        return values;
    }

    public static KeyValue toProto(KeyType type, Object value) {
        KeyValue.Builder proto = KeyValue.newBuilder();
        if (value == null) {
            return proto.setIsNull(true).build();
        }
        return switch (type.kind()) {
            case BOOL -> proto.setBoolValue((Boolean) value).build();
            case FLOAT -> proto.setFloatBits(((Float32) value).bits()).build();
            case DOUBLE -> proto.setDoubleBits(((Float64) value).bits()).build();
            case STRING, LARGE_STRING -> proto.setStringValue((String) value).build();
            case BINARY, LARGE_BINARY -> proto.setBinaryValue((ByteString) value).build();
            default -> type.kind().unsignedInteger() ? proto.setUintValue((Long) value).build()
                    : proto.setIntValue((Long) value).build();
        };
    }

    /** The model's tuple; a value whose field does not match its key type is a {@link KeyValueException}. */
    public static List<Object> fromProto(List<KeyType> types, List<KeyValue> values) {
        if (types.size() != values.size()) {
            throw new KeyValueException(values.size() + " values for " + types.size() + " key types " + types);
        }
        List<Object> tuple = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            tuple.add(fromProto(types.get(i), values.get(i)));
        }
        return tuple;
    }

    private static Object fromProto(KeyType type, KeyValue value) {
        Object java = switch (value.getValueCase()) {
            case IS_NULL, VALUE_NOT_SET -> null;
            case BOOL_VALUE -> value.getBoolValue();
            case INT_VALUE -> type.kind().unsignedInteger() ? mismatch(type, value) : (Object) value.getIntValue();
            case UINT_VALUE -> type.kind().unsignedInteger() ? (Object) value.getUintValue() : mismatch(type, value);
            case FLOAT_BITS -> new Float32(value.getFloatBits());
            case DOUBLE_BITS -> new Float64(value.getDoubleBits());
            case STRING_VALUE -> value.getStringValue();
            case BINARY_VALUE -> value.getBinaryValue();
        };
        return KeyValues.check(type, java);
    }

    private static Object mismatch(KeyType type, KeyValue value) {
        throw new KeyValueException(value.getValueCase() + " does not fit key type " + type + ": " + type + " takes "
                + KeyValues.accepted(type));
    }
}
