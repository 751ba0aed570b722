package dev.tableindex.model.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.tableindex.model.anyelement.BoundPredicate;
import dev.tableindex.model.anyelement.ListTable;
import dev.tableindex.model.anyelement.PredicateException;
import dev.tableindex.model.key.KeyDecoder;
import dev.tableindex.model.key.KeyDecodingException;
import dev.tableindex.model.key.KeyEncoding;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.listindex.IndexedTable;
import dev.tableindex.model.listindex.ListElementIndex;
import dev.tableindex.model.listindex.ListElementQuery;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The kit's fuzz target, over the four inputs the CLI and the protocol take from outside: manifests, key bytes,
 * predicates and JSON tables. The oracle is the same for all: a typed error (naming where, in a bounded message)
 * or an answer, within a time bound, and for predicates the index's answer equals the scan's, plain and NOT.
 *
 * <p>No property here gives its own {@code tries}: {@code jqwik.tries.default} decides (150 in
 * {@code junit-platform.properties}, so {@code mvn verify} runs it briefly); a campaign of hours passes
 * {@code -Djqwik.tries.default=1000000} (docs/fuzzing.md).
 */
class FuzzTargetProperties {
    /** A hang detector, not a performance measure: every input here is answered in milliseconds. */
    private static final Duration BOUND = Duration.ofSeconds(30);
    private static final int MAX_MESSAGE = 2_000;

    // ----- manifests -----

    private static final List<byte[]> MANIFESTS = RealManifests.all().stream().map(RealManifests::bytes).toList();

    @Provide
    Arbitrary<byte[]> damagedManifests() {
        return Combinators.combine(Arbitraries.integers().between(0, MANIFESTS.size() - 1),
                Arbitraries.integers().list().ofMaxSize(12), Arbitraries.bytes().list().ofMaxSize(12))
                .as((which, positions, values) -> {
                    byte[] bytes = MANIFESTS.get(which).clone();
                    for (int i = 0; i < Math.min(positions.size(), values.size()); i++) {
                        bytes[Math.floorMod(positions.get(i), bytes.length)] = values.get(i);
                    }
                    return bytes;
                });
    }

    @Property
    void aManifestIsReadOrRefusedAndItsSummaryStaysProportional(@ForAll("damagedManifests") byte[] bytes) {
        assertTimeoutPreemptively(BOUND, () -> {
            try {
                ManifestFile file = ManifestReader.read(bytes, "fuzz.manifest");
                String summary = ManifestSummary.of(file).toString();
                assertThat(summary.length()).isLessThan(64 * bytes.length + 65_536);
            } catch (ManifestFormatException e) {
                assertThat(e.getMessage()).startsWith("fuzz.manifest").hasSizeLessThan(MAX_MESSAGE);
            }
        });
    }

    /** The streamed reading ({@code tck manifest}) refuses what {@link ManifestReader#read} refuses, as it does. */
    @Property
    void aStreamedManifestGivesTheSameSummaryOrTheSameRefusal(@ForAll("damagedManifests") byte[] bytes) throws Exception {
        String whole;
        try {
            whole = ManifestSummary.of(ManifestReader.read(bytes, "fuzz.manifest")).toString();
        } catch (ManifestFormatException e) {
            whole = "refused: " + e.problem() + " " + e.getMessage();
        }
        String streamed;
        try {
            StreamedManifest manifest = ManifestReader.stream(bytes, "fuzz.manifest");
            manifest.check();
            java.io.StringWriter out = new java.io.StringWriter();
            try (com.fasterxml.jackson.core.JsonGenerator json = new com.fasterxml.jackson.core.JsonFactory().createGenerator(out)) {
                ManifestSummary.write(manifest.manifest(), manifest.fragments(), manifest.segments(),
                        manifest.topLevelIndexes(), json);
            }
            streamed = out.toString();
        } catch (ManifestFormatException e) {
            streamed = "refused: " + e.problem() + " " + e.getMessage();
        }
        assertThat(streamed).isEqualTo(whole);
    }

    // ----- key bytes -----

    private static final List<String> TYPES = List.of("bool", "int8", "int32", "uint64", "float", "double", "string",
            "binary", "date32:day", "timestamp:ns:UTC");

    @Property
    void keyBytesDecodeToATupleThatEncodesBackOrAreRefused(
            @ForAll("types") List<String> typeNames, @ForAll byte[] bytes) {
        List<KeyType> types = typeNames.stream().map(KeyType::parse).toList();
        assertTimeoutPreemptively(BOUND, () -> {
            try {
                List<Object> tuple = KeyDecoder.decode(types, bytes);
                assertThat(KeyEncoding.encode(types, tuple)).isEqualTo(bytes);
            } catch (KeyDecodingException e) {
                assertThat(e.getMessage()).hasSizeLessThan(MAX_MESSAGE);
            }
        });
    }

    @Provide
    Arbitrary<List<String>> types() {
        return Arbitraries.of(TYPES).list().ofMinSize(1).ofMaxSize(4);
    }

    // ----- predicates -----

    private static final IndexedTable TABLE = IndexedTable.fromJson("""
            {"element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5},
                         {"name": "n", "type": "int64", "id": 6}],
             "fragments": [{"id": 0, "rows": [[{"label": "car", "confidence": 0.95, "n": 1}, {"label": "person", "confidence": 0.3, "n": 2}],
                                            null, [],
                                            [null, {"label": "car", "confidence": null, "n": null}]]},
                           {"id": 7, "rows": [[{"label": "bus", "confidence": "NaN", "n": -5}], [{"label": null, "confidence": 1.0, "n": 9}]],
                            "deleted": [1]}]}
            """);

    @Provide
    Arbitrary<String> predicates() {
        Arbitrary<String> field = Arbitraries.of("label", "confidence", "n", "size", "\"label\"", "LABEL");
        Arbitrary<String> literal = Arbitraries.oneOf(
                Arbitraries.of("'car'", "'bus'", "''", "'it''s'", "NULL", "TRUE", "0", "-0", "1", "2.5", "1e99999999",
                        "-1e-99999999", "9223372036854775808", "0.95", "FLOAT '0.3'", "DOUBLE 'NaN'", "X'00ff'",
                        "DATE '2024-01-01'", "TIMESTAMP '2024-01-01 00:00:00'", "'unterminated"),
                Arbitraries.longs().map(Object::toString));
        Arbitrary<String> comparison = Combinators.combine(field, Arbitraries.of("=", "<>", "<", "<=", ">", ">=", "!="), literal)
                .as((f, op, l) -> f + " " + op + " " + l);
        Arbitrary<String> in = Combinators.combine(field, literal.list().ofMinSize(1).ofMaxSize(6), Arbitraries.of("IN", "NOT IN"))
                .as((f, values, op) -> f + " " + op + " (" + String.join(", ", values) + ")");
        Arbitrary<String> other = Combinators.combine(field, literal, literal)
                .as((f, a, b) -> f + " BETWEEN " + a + " AND " + b);
        Arbitrary<String> isNull = field.map(f -> f + " IS NULL");
        Arbitrary<String> atom = Arbitraries.oneOf(comparison, in, other, isNull);
        Arbitrary<String> conjunction = atom.list().ofMinSize(1).ofMaxSize(4)
                .map(atoms -> String.join(" AND ", atoms));
        Arbitrary<String> shaped = Combinators.combine(conjunction, conjunction, Arbitraries.of(" OR ", " AND ", " AND NOT "),
                Arbitraries.of("", "NOT ", "(", "(("))
                .as((a, b, join, prefix) -> prefix + a + join + b + (prefix.contains("(") ? ")".repeat(prefix.length()) : ""));
        Arbitrary<String> deep = Combinators.combine(atom, Arbitraries.integers().between(200, 3000),
                Arbitraries.of("NOT ", "(", "AND"))
                .as((a, n, kind) -> switch (kind) {
                    case "NOT " -> "NOT ".repeat(n) + a;
                    case "(" -> "(".repeat(n) + a + ")".repeat(n);
                    default -> String.join(" AND ", java.util.Collections.nCopies(n, a));
                });
        Arbitrary<String> junk = Arbitraries.strings().withChars("()'\" =<>!,.-+eE0123456789abcNULLANDORIN\\").ofMaxLength(40);
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(6, shaped), net.jqwik.api.Tuple.of(3, atom),
                net.jqwik.api.Tuple.of(1, deep), net.jqwik.api.Tuple.of(2, junk));
    }

    @Property
    void aPredicateIsRefusedWithAColumnOrTheIndexAnswersAsTheScan(@ForAll("predicates") String predicate,
                                                                @ForAll("keyChoices") List<Integer> keys) {
        assertTimeoutPreemptively(BOUND, () -> {
            BoundPredicate bound;
            try {
                bound = BoundPredicate.of(predicate, TABLE.element());
            } catch (PredicateException e) {
                assertThat(e.column()).isBetween(1, predicate.length() + 1);
                assertThat(e.getMessage()).hasSizeLessThan(MAX_MESSAGE);
                return;
            }
            ListElementIndex index = ListElementIndex.build(TABLE, keys, Set.of(0L, 7L), 2);
            for (boolean negated : new boolean[] {false, true}) {
                assertThat(ListElementQuery.answer(TABLE, index, predicate, negated, 1000).rows())
                        .as(predicate + (negated ? " (NOT)" : ""))
                        .isEqualTo(ListElementQuery.scan(TABLE, bound, negated));
            }
        });
    }

    @Provide
    Arbitrary<List<Integer>> keyChoices() {
        return Arbitraries.of(List.of(4), List.of(4, 5), List.of(6, 4), List.of(5, 6, 4), List.of(6));
    }

    // ----- JSON tables -----

    private static final String TABLE_JSON = """
            {"element": [{"name": "s", "type": "string", "id": 1}, {"name": "x", "type": "double"}],
             "fragments": [{"id": 0, "rows": [[{"s": "a", "x": 1.5}], null, [null]], "deleted": [1]}]}""";

    @Provide
    Arbitrary<String> tables() {
        Arbitrary<String> splice = Arbitraries.of("1e400", "\\ud800", "\"id\": 4294967296", "1.5", "{\"a\": 0}", "\"rows\": []",
                "\"timestamp:us:Nowhere/Else\"", "-0", "[[[[[[[[", "\"s\": \"b\", \"s\"", "\"NaN\"", "null", "}", "\"",
                "9".repeat(400), "\"hex:zz\"", "\"bits:0x7FC00001\"");
        return Combinators.combine(Arbitraries.integers().between(0, TABLE_JSON.length()),
                Arbitraries.integers().between(0, 8), splice)
                .as((at, cut, insert) -> TABLE_JSON.substring(0, at) + insert
                        + TABLE_JSON.substring(Math.min(TABLE_JSON.length(), at + cut)));
    }

    @Property
    void aJsonTableIsReadOrRefusedWithABoundedMessage(@ForAll("tables") String json) {
        assertTimeoutPreemptively(BOUND, () -> {
            try {
                IndexedTable.fromJson(json);
            } catch (ListTable.TableException e) {
                assertThat(e.getMessage()).hasSizeLessThan(MAX_MESSAGE).doesNotContain("com.fasterxml");
            }
        });
    }
}
