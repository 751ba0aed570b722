package dev.tableindex.model.anyelement.arrow;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.tableindex.model.anyelement.AnyElement;
import dev.tableindex.model.anyelement.ElementSchema;
import dev.tableindex.model.anyelement.ListTable;
import dev.tableindex.model.anyelement.TableJsonText;
import dev.tableindex.model.anyelement.TruthValue;
import dev.tableindex.model.key.Float32;
import dev.tableindex.model.key.Float64;
import dev.tableindex.model.key.KeyType;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;

/**
 * The Arrow and JSON paths agree: a random table over every key type family, written to Arrow
 * (List or LargeList, plain or view strings) and read back, is the same table, and any_element over the
 * Arrow vector answers as any_element over the table read from its JSON form, for random predicates.
 */
class ArrowListsProperties {
    static final ElementSchema SCHEMA = new ElementSchema(List.of(
            field("s", "string"), field("ls", "large_string"), field("bin", "binary"), field("lbin", "large_binary"),
            field("f", "float"), field("d", "double"),
            field("i8", "int8"), field("i16", "int16"), field("i32", "int32"), field("i64", "int64"),
            field("u8", "uint8"), field("u16", "uint16"), field("u32", "uint32"), field("u64", "uint64"),
            field("b", "bool"), field("d32", "date32:day"), field("d64", "date64:ms"), field("ts", "timestamp:us:UTC")));

    private static ElementSchema.Field field(String name, String type) {
        return new ElementSchema.Field(name, KeyType.parse(type));
    }

    record Case(ListTable table, String predicate, boolean large, boolean views) {
        @Override
        public String toString() {
            return predicate + " over " + table.rows().size() + " rows (" + (large ? "LargeList" : "List")
                    + (views ? ", views" : "") + ")";
        }
    }

    @Property(tries = 1000)
    void theArrowAndJsonPathsAgree(@ForAll("cases") Case c) {
        ListTable table = c.table();
        ListTable fromJson = ListTable.fromJson(TableJsonText.of(table));
        ArrowListsTest.assertSameTable(fromJson, table);
        try (BufferAllocator allocator = new RootAllocator();
                FieldVector vector = ArrowLists.write(table, allocator, c.large(), c.views())) {
            ArrowListsTest.assertSameTable(ArrowLists.read(table.column(), vector), table);
            for (boolean negated : new boolean[] {false, true}) {
                List<TruthValue> json = AnyElement.evaluate(fromJson, c.predicate(), negated);
                assertThat(json).hasSize(table.rows().size());
                assertThat(ArrowLists.evaluate(vector, c.predicate(), negated)).as("negated %s", negated).isEqualTo(json);
                if (!negated) {
                    Statistics.label("answers").collect(json.contains(TruthValue.TRUE), json.contains(TruthValue.FALSE),
                            json.contains(TruthValue.UNKNOWN));
                }
            }
            long elements = table.rows().stream().filter(r -> r != null).mapToLong(List::size).sum();
            Statistics.label("elements").collect(elements == 0 ? "0" : elements < 5 ? "1-4" : "5+");
        }
    }

    @Provide
    Arbitrary<Case> cases() {
        return Combinators.combine(rows(), predicate(2), Arbitraries.of(false, true), Arbitraries.of(false, true))
                .as((rows, predicate, large, views) -> new Case(new ListTable("items", SCHEMA, rows), predicate, large, views));
    }

    // ----- tables -----

    private static final List<String> STRINGS = List.of("", "a", "b", "car", "it's", "é", "日本", "😀",
            "a string past the twelve-byte view inline limit");
    private static final List<ByteString> BYTES = List.of(ByteString.EMPTY, bytes(0), bytes(0xFF), bytes(0x0A, 0x0B),
            ByteString.copyFrom(new byte[20]));

    private static ByteString bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return ByteString.copyFrom(b);
    }

    static Arbitrary<List<List<Object[]>>> rows() {
        List<Arbitrary<Object>> values = new ArrayList<>();
        for (ElementSchema.Field field : SCHEMA.fields()) {
            values.add(value(field.type()).injectNull(0.15));
        }
        Arbitrary<Object[]> element = Combinators.combine(values).as(List::toArray).injectNull(0.1);
        return element.list().ofMaxSize(4).injectNull(0.1).list().ofMaxSize(8);
    }

    private static Arbitrary<Object> value(KeyType type) {
        return switch (type.kind()) {
            case STRING, LARGE_STRING -> Arbitraries.oneOf(Arbitraries.of(STRINGS),
                    Arbitraries.strings().withCharRange(' ', '~').withCharRange('\u00A0', '\u024F')
                            .withCharRange('\u4E00', '\u4E20').ofMaxLength(24)).map(s -> (Object) s);
            case BINARY, LARGE_BINARY -> Arbitraries.oneOf(Arbitraries.of(BYTES),
                    Arbitraries.bytes().array(byte[].class).ofMaxSize(24).map(ByteString::copyFrom)).map(b -> (Object) b);
            case FLOAT -> Arbitraries.oneOf(Arbitraries.of(0x7FC0_0000, 0xFFC0_0000, 0x7F80_0001, 0xFF80_0001, 0x7FA0_0000,
                            0x7FFF_FFFF, 0x7F80_0000, 0xFF80_0000, 0x8000_0000, 0, 1, 0x3F00_0000, 0x3F80_0000, 0xBF80_0000),
                    Arbitraries.integers()).map(bits -> (Object) new Float32(bits));
            case DOUBLE -> Arbitraries.oneOf(Arbitraries.of(0x7FF8_0000_0000_0000L, 0xFFF8_0000_0000_0000L,
                            0x7FF0_0000_0000_0001L, 0xFFF0_0000_0000_0001L, 0x7FF4_0000_0000_0000L, 0x7FF0_0000_0000_0000L,
                            0xFFF0_0000_0000_0000L, 0x8000_0000_0000_0000L, 0L, 1L, Double.doubleToRawLongBits(0.5),
                            Double.doubleToRawLongBits(1.0), Double.doubleToRawLongBits(-1.0)),
                    Arbitraries.longs(), Arbitraries.of(0.5f, 1f, -1f, 0.95f).map(f -> Double.doubleToRawLongBits(f)))
                    .map(bits -> (Object) new Float64(bits));
            case BOOL -> Arbitraries.of(true, false).map(b -> (Object) b);
            case INT8 -> integers(-128, 127);
            case INT16 -> integers(Short.MIN_VALUE, Short.MAX_VALUE);
            case INT32, DATE32 -> integers(Integer.MIN_VALUE, Integer.MAX_VALUE);
            case UINT8 -> integers(0, 0xFF);
            case UINT16 -> integers(0, 0xFFFF);
            case UINT32 -> integers(0, 0xFFFF_FFFFL);
            // int64, uint64 (every bit pattern: values >= 2^63 are negative longs), date64, timestamp
            default -> Arbitraries.oneOf(Arbitraries.longs(),
                    Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, -1L, 0L, 1L, 86_400_000L, -86_400_000L, 1_000_000L, 127L, 255L))
                    .map(v -> (Object) v);
        };
    }

    private static Arbitrary<Object> integers(long min, long max) {
        return Arbitraries.oneOf(Arbitraries.longs().between(min, max),
                Arbitraries.of(min, max, 0L, 1L, Math.max(min, -1L), Math.min(max, 127L), Math.min(max, 255L)))
                .map(v -> (Object) v);
    }

    // ----- predicates -----

    private static final List<String> STRING_FIELDS = List.of("s", "ls");
    private static final List<String> BINARY_FIELDS = List.of("bin", "lbin");
    private static final List<String> INT_FIELDS = List.of("i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64");
    private static final List<String> DATE_FIELDS = List.of("d32", "d64");

    private static final List<String> STRING_LITERALS = literals(
            STRINGS.stream().map(s -> "'" + s.replace("'", "''") + "'").toList());
    private static final List<String> BINARY_LITERALS = literals(List.of("X''", "X'00'", "X'FF'", "X'0A0B'", "X'0a0b'"));
    private static final List<String> FLOAT_LITERALS = literals(List.of("0.5", "0.95", "-0.0", "0.0", "0", "1", "-1",
            "1e39", "FLOAT 'NaN'", "FLOAT '-NaN'", "FLOAT 'Infinity'", "FLOAT '-Infinity'", "FLOAT 'bits:0x7F800001'",
            "FLOAT '0.5'", "DOUBLE 'NaN'", "DOUBLE '0.5'"));
    private static final List<String> DOUBLE_LITERALS = literals(List.of("0.5", "0.95", "-0.0", "0.0", "1", "-1",
            "1e308", "DOUBLE 'NaN'", "DOUBLE '-NaN'", "DOUBLE 'Infinity'", "DOUBLE '-Infinity'",
            "DOUBLE 'bits:0x7FF0000000000001'", "FLOAT 'NaN'", "FLOAT 'bits:0x7F800001'", "FLOAT '0.95'"));
    private static final List<String> INT_LITERALS = literals(List.of("0", "1", "-1", "127", "-128", "255", "2.5",
            "65535", "4294967295", "-2147483648", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
            "18446744073709551615", "18446744073709551616", "1e3"));
    private static final List<String> BOOL_LITERALS = literals(List.of("TRUE", "FALSE"));
    private static final List<String> DATE_LITERALS = literals(List.of("DATE '1970-01-01'", "DATE '1970-01-02'",
            "DATE '1969-12-31'", "DATE '2024-02-29'"));
    private static final List<String> TIMESTAMP_LITERALS = literals(List.of("TIMESTAMP '1970-01-01 00:00:00'",
            "TIMESTAMP '1970-01-01T00:00:00.000001Z'", "TIMESTAMP '1970-01-01 00:00:01'", "TIMESTAMP '1969-12-31 23:59:59.999999'",
            "TIMESTAMP '2024-01-01 12:00:00+02:00'"));

    private static List<String> literals(List<String> typed) {
        List<String> all = new ArrayList<>(typed);
        all.add("NULL");
        return List.copyOf(all);
    }

    /** Fields and the literals they compare with. */
    private record Family(List<String> fields, List<String> literals) {
    }

    private static final List<Family> FAMILIES = List.of(
            new Family(STRING_FIELDS, STRING_LITERALS), new Family(BINARY_FIELDS, BINARY_LITERALS),
            new Family(List.of("f"), FLOAT_LITERALS), new Family(List.of("d"), DOUBLE_LITERALS),
            new Family(INT_FIELDS, INT_LITERALS), new Family(List.of("b"), BOOL_LITERALS),
            new Family(DATE_FIELDS, DATE_LITERALS), new Family(List.of("ts"), TIMESTAMP_LITERALS));

    static Arbitrary<String> predicate(int depth) {
        Arbitrary<String> atom = Arbitraries.of(FAMILIES).flatMap(ArrowListsProperties::atom);
        if (depth == 0) {
            return atom;
        }
        Arbitrary<String> inner = predicate(depth - 1);
        return Arbitraries.oneOf(atom, atom,
                Combinators.combine(inner, inner).as((a, b) -> "(" + a + ") AND (" + b + ")"),
                Combinators.combine(inner, inner).as((a, b) -> "(" + a + ") OR (" + b + ")"),
                inner.map(a -> "NOT (" + a + ")"));
    }

    private static Arbitrary<String> atom(Family family) {
        Arbitrary<String> field = Arbitraries.of(family.fields());
        Arbitrary<String> literal = Arbitraries.of(family.literals());
        Arbitrary<String> op = Arbitraries.of("=", "<>", "!=", "<", "<=", ">", ">=");
        Arbitrary<String> not = Arbitraries.of("", "NOT ");
        List<Arbitrary<String>> atoms = new ArrayList<>(List.of(
                Combinators.combine(field, op, literal).as((f, o, l) -> f + " " + o + " " + l),
                Combinators.combine(field, op, literal).as((f, o, l) -> l + " " + o + " " + f),
                Combinators.combine(field, not, literal.list().ofMinSize(1).ofMaxSize(4))
                        .as((f, n, ls) -> f + " " + n + "IN (" + String.join(", ", ls) + ")"),
                Combinators.combine(field, not, literal, literal).as((f, n, lo, hi) -> f + " " + n + "BETWEEN " + lo + " AND " + hi),
                Combinators.combine(field, not).as((f, n) -> f + " IS " + n + "NULL"),
                Combinators.combine(field, op, field).as((a, o, b) -> a + " " + o + " " + b)));
        if (family.fields().equals(List.of("b"))) {
            atoms.add(Arbitraries.of("b", "NOT b", "b IS TRUE", "b IS NOT FALSE"));
        }
        if (family.fields().equals(List.of("f"))) {
            atoms.add(Combinators.combine(op, Arbitraries.of("d")).as((o, d) -> "f " + o + " " + d)); // float vs double
        }
        return Arbitraries.oneOf(atoms);
    }
}
