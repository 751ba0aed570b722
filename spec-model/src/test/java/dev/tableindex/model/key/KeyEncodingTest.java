package dev.tableindex.model.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Hand-worked cases of the rules; the golden vectors (golden-files/key-encoding) cover every type. */
class KeyEncodingTest {
    private static List<KeyType> types(String... names) {
        return Arrays.stream(names).map(KeyType::parse).toList();
    }

    private static String hex(byte[] bytes) {
        return HexFormat.ofDelimiter(" ").withUpperCase().formatHex(bytes);
    }

    @Test
    void theSpecExample() {
        byte[] encoded = KeyEncoding.encode(types("string", "float"), List.of("car", Float32.of(0.5f)));
        assertThat(hex(encoded)).isEqualTo("02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00");
        assertThat(KeyDecoder.decode(types("string", "float"), encoded)).containsExactly("car", Float32.of(0.5f));
    }

    @Test
    void aStringOf33BytesSwitchesTo32ByteBlocksAfterFourFullMiniBlocks() {
        String value = "a".repeat(33);
        byte[] encoded = KeyEncoding.encode(types("string"), List.of(value));
        // 02, four mini blocks (the fourth ending in FF), one 32-byte block holding 1 byte, ending 01
        assertThat(encoded).hasSize(1 + 4 * 9 + 33);
        assertThat(encoded[9]).isEqualTo((byte) 0xFF);
        assertThat(encoded[36]).isEqualTo((byte) 0xFF);
        assertThat(encoded[37]).isEqualTo((byte) 'a');
        assertThat(encoded[69]).isEqualTo((byte) 0x01);
    }

    @Test
    void aFullLastBlockEndsInItsSizeNotAnExtraBlock() {
        assertThat(hex(KeyEncoding.encode(types("binary"), List.of(com.google.protobuf.ByteString.copyFrom(new byte[8])))))
                .isEqualTo("02 00 00 00 00 00 00 00 00 08");
        assertThat(KeyEncoding.encode(types("string"), List.of("b".repeat(32)))).hasSize(1 + 4 * 9).endsWith((byte) 0x08);
        assertThat(KeyEncoding.encode(types("string"), List.of("b".repeat(64)))).hasSize(1 + 4 * 9 + 33).endsWith((byte) 0x20);
    }

    @Test
    void nullsAreTheSentinelWithZeroPaddingForFixedWidthAndAloneForVariableWidth() {
        java.util.ArrayList<Object> nulls = new java.util.ArrayList<>(Arrays.asList(null, null, null));
        assertThat(hex(KeyEncoding.encode(types("int16", "string", "double"), nulls)))
                .isEqualTo("00 00 00" + " 00" + " 00 00 00 00 00 00 00 00 00"); // int16 3, string 1, double 9
    }

    @Test
    void floatsKeepTheirRawBits() {
        assertThat(hex(KeyEncoding.encode(types("float"), List.of(Float32.of(-0.0f))))).isEqualTo("01 7F FF FF FF");
        assertThat(hex(KeyEncoding.encode(types("float"), List.of(Float32.of(0.0f))))).isEqualTo("01 80 00 00 00");
        assertThat(hex(KeyEncoding.encode(types("float"), List.of(new Float32(0x7FC0_0001))))).isEqualTo("01 FF C0 00 01");
        assertThat(KeyDecoder.decode(types("float"), KeyEncoding.encode(types("float"), List.of(new Float32(0x7F80_0001)))))
                .containsExactly(new Float32(0x7F80_0001));
    }

    @Test
    void timestampUnitsAndZonesDoNotChangeTheBytes() {
        byte[] utc = KeyEncoding.encode(types("timestamp:us:UTC"), List.of(1_700_000_000_000_000L));
        assertThat(KeyEncoding.encode(types("timestamp:ns:-"), List.of(1_700_000_000_000_000L))).isEqualTo(utc);
        assertThat(KeyEncoding.encode(types("int64"), List.of(1_700_000_000_000_000L))).isEqualTo(utc);
    }

    @Test
    void valuesThatDoNotFitTheirTypeSayWhatIsAccepted() {
        assertThatThrownBy(() -> KeyEncoding.encode(types("uint8"), List.of(300L)))
                .isInstanceOf(KeyValueException.class).hasMessageContaining("an integer in [0, 255]");
        assertThatThrownBy(() -> KeyEncoding.encode(types("int32"), List.of("5")))
                .isInstanceOf(KeyValueException.class).hasMessageContaining("int32 takes an integer");
        assertThatThrownBy(() -> KeyNotation.parse(KeyType.parse("double"), KeyNotation.readTree("\"bits:0x7FF80000000000001\"")))
                .isInstanceOf(KeyValueException.class).hasMessageContaining("bits:0x<16 hex digits>");
        assertThatThrownBy(() -> KeyType.parse("varchar"))
                .isInstanceOf(KeyType.KeyTypeException.class).hasMessageContaining("key types are bool, int8");
        assertThatThrownBy(() -> KeyType.parse("timestamp:minutes:UTC"))
                .hasMessageContaining("unit one of [s, ms, us, ns]");
    }

    @Test
    void aNegativeZeroWrittenAsAJsonNumberStaysNegative() {
        List<KeyType> floats = types("float", "double");
        assertThat(KeyNotation.parseTuple(floats, KeyNotation.readTree("[-0.0, -0e0]")))
                .containsExactly(Float32.of(-0.0f), Float64.of(-0.0));
        assertThat(KeyNotation.parseTuple(floats, KeyNotation.readTree("[0.0, 0.1]")))
                .containsExactly(Float32.of(0.0f), Float64.of(0.1));
    }

    @Test
    void malformedBytesGiveTheOffsetOfTheFirstWrongByte() {
        assertDecodeFails(types("int32"), "02 00 00 00 00", 0, "bad sentinel 02");
        assertDecodeFails(types("int32"), "00 00 01 00 00", 2, "padding byte 01");
        assertDecodeFails(types("int32"), "01 80 00", 0, "truncated");
        assertDecodeFails(types("int32"), "01 80 00 00 05 00", 5, "1 trailing bytes");
        assertDecodeFails(types("string"), "03", 0, "bad sentinel 03");
        assertDecodeFails(types("string"), "02 63 61 72 00 00 00 00 00 09", 9, "block terminator 09");
        assertDecodeFails(types("string"), "02 63 61 72 00 00 00 00 01 03", 8, "padding byte 01");
        assertDecodeFails(types("string"), "02 63 61 72 00 00", 1, "truncated");
        assertDecodeFails(types("string"), "02 FF 00 00 00 00 00 00 00 01", 0, "not valid UTF-8");
        assertDecodeFails(types("bool"), "01 02", 1, "bool byte 02");
    }

    private static void assertDecodeFails(List<KeyType> types, String hex, int offset, String what) {
        assertThatThrownBy(() -> KeyDecoder.decode(types, HexFormat.ofDelimiter(" ").parseHex(hex)))
                .isInstanceOfSatisfying(KeyDecodingException.class, e -> assertThat(e.offset()).isEqualTo(offset))
                .hasMessageContaining(what);
    }
}
