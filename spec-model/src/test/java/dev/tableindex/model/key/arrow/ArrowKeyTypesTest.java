package dev.tableindex.model.key.arrow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.model.key.KeyType;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class ArrowKeyTypesTest {

    static List<Object[]> mapping() {
        return List.of(
                new Object[] {ArrowType.Bool.INSTANCE, "bool"},
                new Object[] {new ArrowType.Int(8, true), "int8"},
                new Object[] {new ArrowType.Int(16, true), "int16"},
                new Object[] {new ArrowType.Int(32, true), "int32"},
                new Object[] {new ArrowType.Int(64, true), "int64"},
                new Object[] {new ArrowType.Int(8, false), "uint8"},
                new Object[] {new ArrowType.Int(16, false), "uint16"},
                new Object[] {new ArrowType.Int(32, false), "uint32"},
                new Object[] {new ArrowType.Int(64, false), "uint64"},
                new Object[] {new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE), "float"},
                new Object[] {new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE), "double"},
                new Object[] {new ArrowType.Date(DateUnit.DAY), "date32:day"},
                new Object[] {new ArrowType.Date(DateUnit.MILLISECOND), "date64:ms"},
                new Object[] {new ArrowType.Timestamp(TimeUnit.SECOND, null), "timestamp:s:-"},
                new Object[] {new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"), "timestamp:ms:UTC"},
                new Object[] {new ArrowType.Timestamp(TimeUnit.MICROSECOND, "America/New_York"), "timestamp:us:America/New_York"},
                new Object[] {new ArrowType.Timestamp(TimeUnit.NANOSECOND, "+01:00"), "timestamp:ns:+01:00"},
                new Object[] {new ArrowType.Timestamp(TimeUnit.NANOSECOND, null), "timestamp:ns:-"},
                new Object[] {ArrowType.Utf8.INSTANCE, "string"},
                new Object[] {ArrowType.LargeUtf8.INSTANCE, "large_string"},
                new Object[] {ArrowType.Binary.INSTANCE, "binary"},
                new Object[] {ArrowType.LargeBinary.INSTANCE, "large_binary"});
    }

    @ParameterizedTest
    @MethodSource("mapping")
    void arrowTypeToKeyTypeAndBack(ArrowType arrow, String lanceName) {
        KeyType key = KeyType.parse(lanceName);
        assertThat(ArrowKeyTypes.of(arrow)).isEqualTo(key);
        assertThat(ArrowKeyTypes.of(arrow).lanceName()).isEqualTo(lanceName);
        assertThat(ArrowKeyTypes.toArrow(key)).isEqualTo(arrow);
    }

    @Test
    void everyKindHasAnArrowType() {
        for (KeyType.Kind kind : KeyType.Kind.values()) {
            KeyType key = kind == KeyType.Kind.TIMESTAMP ? KeyType.timestamp("us", "UTC") : KeyType.of(kind);
            assertThat(ArrowKeyTypes.of(ArrowKeyTypes.toArrow(key))).isEqualTo(key);
        }
    }

    @Test
    void viewTypesAreThePlainKeyTypes() {
        assertThat(ArrowKeyTypes.of(ArrowType.Utf8View.INSTANCE)).isEqualTo(KeyType.parse("string"));
        assertThat(ArrowKeyTypes.of(ArrowType.BinaryView.INSTANCE)).isEqualTo(KeyType.parse("binary"));
    }

    @Test
    void anEmptyZoneIsNoZone() {
        assertThat(ArrowKeyTypes.of(new ArrowType.Timestamp(TimeUnit.MICROSECOND, ""))).isEqualTo(KeyType.parse("timestamp:us:-"));
    }

    static List<ArrowType> unsupported() {
        return List.of(
                new ArrowType.FloatingPoint(FloatingPointPrecision.HALF),
                new ArrowType.Decimal(10, 2, 128),
                new ArrowType.Time(TimeUnit.MILLISECOND, 32),
                new ArrowType.Duration(TimeUnit.SECOND),
                new ArrowType.Interval(IntervalUnit.DAY_TIME),
                new ArrowType.FixedSizeBinary(16),
                ArrowType.Null.INSTANCE,
                ArrowType.List.INSTANCE,
                ArrowType.LargeList.INSTANCE,
                ArrowType.Struct.INSTANCE,
                new ArrowType.Map(false));
    }

    @ParameterizedTest
    @MethodSource("unsupported")
    void otherArrowTypesAreNotKeysAndTheErrorSaysWhich(ArrowType type) {
        assertThatThrownBy(() -> ArrowKeyTypes.of(type))
                .isInstanceOf(KeyType.KeyTypeException.class)
                .hasMessageContaining(type.toString())
                .hasMessageContaining("key types are Bool, Int(8|16|32|64")
                .hasMessageContaining("Utf8View")
                .hasMessageContaining("Timestamp(");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 128})
    void oddIntegerWidthsAreNotKeys(int bits) {
        assertThatThrownBy(() -> ArrowKeyTypes.of(new ArrowType.Int(bits, true)))
                .isInstanceOf(KeyType.KeyTypeException.class).hasMessageContaining("Int(" + bits);
    }

    @Test
    void aFieldsErrorNamesTheField() {
        Field field = new Field("price", FieldType.nullable(new ArrowType.Decimal(10, 2, 128)), null);
        assertThatThrownBy(() -> ArrowKeyTypes.of(field)).isInstanceOf(KeyType.KeyTypeException.class)
                .hasMessageContaining("field 'price'").hasMessageContaining("Decimal");
    }

    @Test
    void dictionaryFieldsAreSeenThroughTheirType() {
        Field field = new Field("tag", new FieldType(true, ArrowType.Utf8.INSTANCE,
                new DictionaryEncoding(1, false, new ArrowType.Int(32, true))), null);
        assertThat(ArrowKeyTypes.of(field)).isEqualTo(KeyType.parse("string"));
    }
}
