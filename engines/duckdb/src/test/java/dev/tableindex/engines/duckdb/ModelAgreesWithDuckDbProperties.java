package dev.tableindex.engines.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;
import dev.tableindex.model.anyelement.AnyElement;
import dev.tableindex.model.anyelement.ElementSchema;
import dev.tableindex.model.anyelement.ListTable;
import dev.tableindex.model.anyelement.TruthValue;
import dev.tableindex.model.key.Float32;
import dev.tableindex.model.key.Float64;
import dev.tableindex.model.key.KeyNotation;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.proto.tck.ElementPredicate;
import dev.tableindex.proto.tck.EvaluateAnyElementRequest;
import dev.tableindex.proto.tck.Truth;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.engine.ProtoPredicates;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The differential property: on random tables over every key type and random predicates over every operator, the
 * kit's model ({@code model.anyelement}) and DuckDB give the same TRUE/FALSE/NULL on every row, for any_element and
 * NOT any_element, once the one documented dialect difference is taken out (decision 0090): DuckDB compares floats
 * with every NaN equal to every NaN and above every number, and -0.0 equal to +0.0, where the kit proposes IEEE 754
 * totalOrder (AE04, {@code @open}). So the model is run on the case with each NaN made the positive quiet NaN and
 * each -0.0 made +0.0 (data and literals), DuckDB on the case as generated; the statistics say how often the
 * difference showed. DuckDB gets the predicate exactly as the TCK sends it: the text's tree from
 * {@link ProtoPredicates}.
 *
 * <p>Generated values stay where DuckDB's types can hold them (decision 0090, "Ranges"): timestamps within the
 * nanosecond range (DuckDB compares a timestamp with the TIMESTAMP literal at nanoseconds), dates within years
 * 0000-9999, decimal literals within 38 digits, field names distinct ignoring case.
 */
class ModelAgreesWithDuckDbProperties {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static DuckDbEngine engine;

    @BeforeContainer
    static void start() {
        engine = DuckDbEngine.open();
    }

    @AfterContainer
    static void stop() {
        engine.close();
    }

    @Property(tries = 2000)
    void duckDbAgreesWithTheModelUpToItsFloatOrder(@ForAll("cases") Case c) {
        ElementSchema schema = c.schema();
        String predicate = c.predicate().text(false);
        Optional<ElementPredicate> tree = ProtoPredicates.tree(predicate, schema);
        assertThat(tree).as("the kit's grammar takes the generated predicate %s", predicate).isPresent();
        EvaluateAnyElementRequest request = EvaluateAnyElementRequest.newBuilder().setTableJson(c.tableJson(false))
                .setPredicate(predicate).setNegated(c.negated()).setPredicateTree(tree.get()).build();
        List<TruthValue> duckdb;
        try {
            duckdb = engine.evaluateAnyElement(request).getRowsList().stream().map(ModelAgreesWithDuckDbProperties::truth).toList();
        } catch (EngineRefusal e) {
            throw new AssertionError("DuckDB refused a valid call " + c + ": " + e.getMessage(), e);
        }
        List<TruthValue> model = AnyElement.evaluate(c.table(true), c.predicate().text(true), c.negated());
        assertThat(duckdb).as("DuckDB and the model (under DuckDB's float order) on %s", c).isEqualTo(model);

        List<TruthValue> totalOrder = AnyElement.evaluate(c.table(false), predicate, c.negated());
        Statistics.label("float order").collect(totalOrder.equals(model) ? "no difference" : "DuckDB's float order differs");
        Statistics.label("result").collect(model.contains(TruthValue.TRUE), model.contains(TruthValue.UNKNOWN));
    }

    private static TruthValue truth(Truth truth) {
        return switch (truth) {
            case TRUTH_TRUE -> TruthValue.TRUE;
            case TRUTH_FALSE -> TruthValue.FALSE;
            case TRUTH_UNKNOWN -> TruthValue.UNKNOWN;
            default -> throw new AssertionError("DuckDB's engine answered " + truth);
        };
    }

    // ----- cases -----

    /** Every key type the kit knows, timestamps in each unit with and without a zone. */
    private static final List<String> TYPES = List.of("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
            "uint64", "float", "double", "date32:day", "date64:ms", "timestamp:s:-", "timestamp:ms:UTC", "timestamp:us:UTC",
            "timestamp:us:-", "timestamp:ns:-", "timestamp:ns:UTC", "string", "large_string", "binary", "large_binary");
    /** Field names: quoted in every predicate, so a space and a quote are as good as a letter. */
    private static final List<String> NAMES = List.of("f0", "f 1", "f\"2");

    record Field(String name, KeyType type) {
    }

    record Case(List<Field> fields, List<List<Object[]>> rows, Pred predicate, boolean negated) {
        ElementSchema schema() {
            return new ElementSchema(fields.stream().map(f -> new ElementSchema.Field(f.name(), f.type())).toList());
        }

        ListTable table(boolean normalized) {
            List<List<Object[]>> out = new ArrayList<>();
            for (List<Object[]> row : rows) {
                if (row == null) {
                    out.add(null);
                    continue;
                }
                List<Object[]> elements = new ArrayList<>();
                for (Object[] element : row) {
                    if (element == null || !normalized) {
                        elements.add(element);
                        continue;
                    }
                    Object[] copy = element.clone();
                    for (int i = 0; i < copy.length; i++) {
                        copy[i] = FloatOrder.normalize(copy[i]);
                    }
                    elements.add(copy);
                }
                out.add(elements);
            }
            return new ListTable("list", schema(), out);
        }

        String tableJson(boolean normalized) {
            ListTable table = table(normalized);
            ObjectNode root = JSON.createObjectNode().put("column", "list");
            ArrayNode element = root.putArray("element");
            fields.forEach(f -> element.addObject().put("name", f.name()).put("type", f.type().lanceName()));
            ArrayNode rowsNode = root.putArray("rows");
            for (List<Object[]> row : table.rows()) {
                if (row == null) {
                    rowsNode.addNull();
                    continue;
                }
                ArrayNode list = rowsNode.addArray();
                for (Object[] values : row) {
                    if (values == null) {
                        list.addNull();
                        continue;
                    }
                    ObjectNode object = list.addObject();
                    for (int i = 0; i < fields.size(); i++) {
                        object.set(fields.get(i).name(), KeyNotation.format(fields.get(i).type(), values[i]));
                    }
                }
            }
            return root.toString();
        }

        @Override
        public String toString() {
            return (negated ? "NOT " : "") + "any_element(list, '" + predicate.text(false) + "') over " + tableJson(false);
        }
    }

    /** DuckDB's float order as a rewrite of the values: one NaN, one zero. */
    static final class FloatOrder {
        private FloatOrder() {
        }

        static Object normalize(Object value) {
            if (value instanceof Float32 f) {
                return Float.isNaN(f.value()) ? new Float32(0x7FC0_0000) : f.bits() == 0x8000_0000 ? new Float32(0) : f;
            }
            if (value instanceof Float64 d) {
                return Double.isNaN(d.value()) ? new Float64(0x7FF8_0000_0000_0000L)
                        : d.bits() == 0x8000_0000_0000_0000L ? new Float64(0) : d;
            }
            return value;
        }
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<List<Field>> fields = Arbitraries.of(TYPES).list().ofMinSize(1).ofMaxSize(3).map(types -> {
            List<Field> out = new ArrayList<>();
            for (int i = 0; i < types.size(); i++) {
                out.add(new Field(NAMES.get(i), KeyType.parse(types.get(i))));
            }
            return out;
        });
        return fields.flatMap(f -> Combinators.combine(rows(f), predicate(f, 3), Arbitraries.of(false, true)).as(
                (rows, predicate, negated) -> new Case(f, rows, predicate, negated)));
    }

    private static Arbitrary<List<List<Object[]>>> rows(List<Field> fields) {
        List<Arbitrary<Object>> values = fields.stream().map(f -> value(f.type()).injectNull(0.15)).toList();
        Arbitrary<Object[]> element = Combinators.combine(values).as(List::toArray).injectNull(0.1);
        return element.list().ofMaxSize(4).injectNull(0.1).list().ofMaxSize(6);
    }

    // ----- values, in the model's Java forms -----

    private static final long NANOS_PER_DAY = 86_400_000_000_000L;

    private static Arbitrary<Object> value(KeyType type) {
        return switch (type.kind()) {
            case BOOL -> Arbitraries.of(true, false).map(b -> b);
            case INT8, INT16, INT32, INT64 -> {
                long max = type.kind() == KeyType.Kind.INT64 ? Long.MAX_VALUE : (1L << (8 * type.kind().width() - 1)) - 1;
                yield Arbitraries.oneOf(Arbitraries.of(-max - 1, -1L, 0L, 1L, 2L, max), Arbitraries.longs().between(-max - 1, max))
                        .map(v -> v);
            }
            case UINT8, UINT16, UINT32, UINT64 -> {
                long max = type.kind() == KeyType.Kind.UINT64 ? -1L : (1L << (8 * type.kind().width())) - 1;
                Arbitrary<Long> any = type.kind() == KeyType.Kind.UINT64 ? Arbitraries.longs() : Arbitraries.longs().between(0, max);
                yield Arbitraries.oneOf(Arbitraries.of(0L, 1L, 2L, max, Long.MIN_VALUE, Long.MAX_VALUE).filter(v -> fitsUnsigned(v, max)), any)
                        .map(v -> v);
            }
            case FLOAT -> floats().map(v -> v);
            case DOUBLE -> doubles().map(v -> v);
            case DATE32 -> days().map(v -> v);
            case DATE64 -> days().map(d -> d * 86_400_000L);
            case TIMESTAMP -> nanos().map(n -> Math.floorDiv(n, nanosPer(type.timestampUnit())));
            case STRING, LARGE_STRING -> strings().map(v -> v);
            case BINARY, LARGE_BINARY -> binaries().map(v -> v);
        };
    }

    private static boolean fitsUnsigned(long value, long max) {
        return Long.compareUnsigned(value, max) <= 0;
    }

    private static Arbitrary<Float32> floats() {
        return Arbitraries.oneOf(
                Arbitraries.of(0x7FC0_0000, 0xFFC0_0000, 0x7FC0_0001, 0x7F80_0000, 0xFF80_0000, 0x0000_0000, 0x8000_0000,
                        Float.floatToIntBits(1.5f), Float.floatToIntBits(-2.25f), Float.floatToIntBits(0.1f), 0x0000_0001,
                        Float.floatToIntBits(Float.MAX_VALUE)),
                Arbitraries.floats().map(Float::floatToRawIntBits)).map(Float32::new);
    }

    private static Arbitrary<Float64> doubles() {
        return Arbitraries.oneOf(
                Arbitraries.of(0x7FF8_0000_0000_0000L, 0xFFF8_0000_0000_0000L, 0x7FF8_0000_0000_0001L, 0x7FF0_0000_0000_0000L,
                        0xFFF0_0000_0000_0000L, 0L, 0x8000_0000_0000_0000L, Double.doubleToLongBits(1.5), Double.doubleToLongBits(0.1),
                        Double.doubleToLongBits((double) 0.1f), 1L, Double.doubleToLongBits(Double.MAX_VALUE)),
                Arbitraries.doubles().map(Double::doubleToRawLongBits)).map(Float64::new);
    }

    /** Years 0000 to 9999, as a DATE literal writes them. */
    private static Arbitrary<Long> days() {
        long first = LocalDate.of(0, 1, 1).toEpochDay();
        long last = LocalDate.of(9999, 12, 31).toEpochDay();
        return Arbitraries.oneOf(Arbitraries.of(-1L, 0L, 1L, 19753L, 19754L, first, last), Arbitraries.longs().between(first, last));
    }

    /** Within the nanosecond range of an int64 (years 1677 to 2262), where DuckDB compares timestamps. */
    private static Arbitrary<Long> nanos() {
        long at = 1_706_702_400_000_000_000L;
        return Arbitraries.oneOf(Arbitraries.of(-1L, 0L, 1L, at, at + 1, at + 1_000, at + 1_000_000, at + 1_000_000_000L, -NANOS_PER_DAY),
                Arbitraries.longs().between(Long.MIN_VALUE / 2, Long.MAX_VALUE / 2));
    }

    private static long nanosPer(String unit) {
        return switch (unit) {
            case "s" -> 1_000_000_000L;
            case "ms" -> 1_000_000L;
            case "us" -> 1_000L;
            default -> 1L;
        };
    }

    private static Arbitrary<String> strings() {
        return Arbitraries.oneOf(Arbitraries.of("", "a", "A", "car", "cart", "é", "\uFFFD", "\uD83D\uDE00", "it's", "a\u0000b"),
                Arbitraries.strings().withCharRange('a', 'c').ofMaxLength(3));
    }

    private static Arbitrary<ByteString> binaries() {
        return Arbitraries.oneOf(Arbitraries.of("", "00", "0A", "0AFF", "FF", "7F", "80", "0A00"),
                Arbitraries.of("00", "0A", "FF", "80").list().ofMaxSize(3).map(l -> String.join("", l)))
                .map(hex -> ByteString.copyFrom(HexFormat.of().parseHex(hex)));
    }

    // ----- predicates, as the kit's grammar writes them -----

    /** A predicate; {@code text(true)} writes its float literals in DuckDB's float order (one NaN, one zero). */
    sealed interface Pred {
        String text(boolean normalized);
    }

    sealed interface Operand {
        String text(boolean normalized);
    }

    record FieldRef(String name) implements Operand {
        @Override
        public String text(boolean normalized) {
            return '"' + name.replace("\"", "\"\"") + '"';
        }
    }

    /** A literal whose text has no float in it. */
    record Text(String text) implements Operand {
        @Override
        public String text(boolean normalized) {
            return text;
        }
    }

    /** A float or double literal: a number, or a FLOAT/DOUBLE literal by its bits. */
    record FloatLiteral(Object value, boolean asNumber) implements Operand {
        @Override
        public String text(boolean normalized) {
            Object v = normalized ? FloatOrder.normalize(value) : value;
            if (v instanceof Float32 f) {
                return asNumber ? Float.toString(f.value()) : String.format("FLOAT 'bits:0x%08X'", f.bits());
            }
            Float64 d = (Float64) v;
            return asNumber ? Double.toString(d.value()) : String.format("DOUBLE 'bits:0x%016X'", d.bits());
        }
    }

    record Node(String format, List<Object> parts) implements Pred {
        @Override
        public String text(boolean normalized) {
            return String.format(format, parts.stream().map(p -> p instanceof Pred pred ? pred.text(normalized)
                    : p instanceof Operand o ? o.text(normalized) : p instanceof List<?> list
                    ? list.stream().map(o -> ((Operand) o).text(normalized)).collect(Collectors.joining(", ")) : p).toArray());
        }
    }

    private static Node node(String format, Object... parts) {
        return new Node(format, List.of(parts));
    }

    private static Arbitrary<Pred> predicate(List<Field> fields, int depth) {
        Arbitrary<Pred> leaf = Arbitraries.of(fields).flatMap(f -> leaf(f, fields));
        if (depth == 0) {
            return leaf;
        }
        Arbitrary<Pred> inner = predicate(fields, depth - 1);
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, leaf),
                net.jqwik.api.Tuple.of(2, Combinators.combine(inner, inner).as((a, b) -> node("(%s) AND (%s)", a, b))),
                net.jqwik.api.Tuple.of(2, Combinators.combine(inner, inner).as((a, b) -> node("(%s) OR (%s)", a, b))),
                net.jqwik.api.Tuple.of(1, inner.map(a -> node("NOT (%s)", a))),
                net.jqwik.api.Tuple.of(1, Combinators.combine(inner, Arbitraries.of("TRUE", "FALSE", "UNKNOWN", "NOT TRUE",
                        "NOT FALSE", "NOT UNKNOWN")).as((a, test) -> node("(%s) IS " + test, a))));
    }

    private static Arbitrary<Pred> leaf(Field field, List<Field> fields) {
        FieldRef ref = new FieldRef(field.name());
        Arbitrary<Operand> literal = literal(field.type());
        List<Field> sameFamily = fields.stream().filter(f -> family(f.type()).equals(family(field.type()))).toList();
        Arbitrary<Operand> other = Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(4, literal),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(sameFamily).map(f -> new FieldRef(f.name()))));
        Arbitrary<String> op = Arbitraries.of("=", "<>", "!=", "<", "<=", ">", ">=");
        List<Arbitrary<Pred>> leaves = new ArrayList<>(List.of(
                Combinators.combine(op, other, Arbitraries.of(false, true)).as((o, b, swap) -> swap
                        ? node("%s " + o + " %s", b, ref) : node("%s " + o + " %s", ref, b)),
                Combinators.combine(literal.list().ofMinSize(1).ofMaxSize(4), Arbitraries.of("IN", "NOT IN"))
                        .as((list, in) -> node("%s " + in + " (%s)", ref, list)),
                Combinators.combine(other, other, Arbitraries.of("BETWEEN", "NOT BETWEEN"))
                        .as((low, high, between) -> node("%s " + between + " %s AND %s", ref, low, high)),
                Arbitraries.of("IS NULL", "IS NOT NULL").map(test -> node("%s " + test, ref)),
                Combinators.combine(other, Arbitraries.of("IS DISTINCT FROM", "IS NOT DISTINCT FROM"))
                        .as((b, test) -> node("%s " + test + " %s", ref, b)),
                Arbitraries.of("TRUE", "FALSE", "NULL").map(t -> (Pred) node(t))));
        if (field.type().kind() == KeyType.Kind.BOOL) {
            leaves.add(Arbitraries.just(node("%s", ref)));
        }
        return Arbitraries.oneOf(leaves);
    }

    private static String family(KeyType type) {
        return switch (type.kind()) {
            case FLOAT, DOUBLE -> "float";
            case DATE32, DATE64 -> "date";
            case TIMESTAMP -> "timestamp";
            case STRING, LARGE_STRING -> "string";
            case BINARY, LARGE_BINARY -> "binary";
            case BOOL -> "bool";
            default -> "integer";
        };
    }

    /** A literal that compares with a field of {@code type}: usually one of the values the data holds, or NULL. */
    private static Arbitrary<Operand> literal(KeyType type) {
        Arbitrary<Operand> typed = switch (type.kind()) {
            case BOOL -> Arbitraries.of("TRUE", "FALSE").map(Text::new);
            case INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64 -> Arbitraries.oneOf(
                    value(type).map(v -> type.kind().unsignedInteger() ? Long.toUnsignedString((Long) v) : Long.toString((Long) v)),
                    Arbitraries.of("-1", "-0", "2.5", "-0.5", "1e2", "0.5e1", "127.0", "18446744073709551616",
                            "-9223372036854775809", "123456789012345678901234567890.5"))
                    .map(Text::new);
            case FLOAT -> Combinators.combine(Arbitraries.oneOf(floats().map(f -> (Object) f), doubles().map(d -> (Object) d)),
                    Arbitraries.of(false, true)).as(ModelAgreesWithDuckDbProperties::floatLiteral);
            case DOUBLE -> Combinators.combine(Arbitraries.oneOf(floats().map(f -> (Object) f), doubles().map(d -> (Object) d)),
                    Arbitraries.of(false, true)).as(ModelAgreesWithDuckDbProperties::floatLiteral);
            case DATE32, DATE64 -> days().map(d -> new Text("DATE '" + LocalDate.ofEpochDay(d) + "'"));
            case TIMESTAMP -> Combinators.combine(nanos(), Arbitraries.of("", "Z", "+02:00", "-00:30")).as((n, zone) -> {
                Instant instant = Instant.ofEpochSecond(Math.floorDiv(n, 1_000_000_000L), Math.floorMod(n, 1_000_000_000L));
                ZoneOffset offset = zone.isEmpty() || zone.equals("Z") ? ZoneOffset.UTC : ZoneOffset.of(zone);
                String local = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.nnnnnnnnn").format(instant.atOffset(offset));
                return new Text("TIMESTAMP '" + local.replaceFirst("\\.?0+$", "") + zone + "'");
            });
            case STRING, LARGE_STRING -> strings().map(s -> new Text("'" + s.replace("'", "''") + "'"));
            case BINARY, LARGE_BINARY -> binaries().map(b -> new Text("X'" + HexFormat.of().formatHex(b.toByteArray()) + "'"));
        };
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(9, typed), net.jqwik.api.Tuple.of(1, Arbitraries.just(new Text("NULL"))));
    }

    /** A number only for a finite value whose decimal reads back as the same float (never for a NaN or an infinity). */
    private static Operand floatLiteral(Object value, boolean asNumber) {
        double d = value instanceof Float32 f ? f.value() : ((Float64) value).value();
        return new FloatLiteral(value, asNumber && Double.isFinite(d));
    }
}
