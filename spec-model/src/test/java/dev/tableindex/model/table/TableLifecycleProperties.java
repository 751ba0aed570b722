package dev.tableindex.model.table;

import static dev.tableindex.model.table.Ops.column;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.index.IndexV2Projection;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.manifest.ManifestReader;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.lance.table.IndexV2;
import dev.tableindex.proto.tck.TableOperation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random operation sequences on a real dataset folder. After every committed operation: counting
 * with indexes equals scanning, for every filter; IndexV2 → legacy → IndexV2 gives the same
 * IndexV2; the manifest read back equals what the model built, and the table read back equals the
 * model's version. Operations the model refuses (a dropped column, a name in use) are skipped.
 */
class TableLifecycleProperties {
    private static final List<String> FILTERS = List.of("true", "id < 3", "id >= 2 AND name != 'n1'", "name = 'n2'",
            "id IS NULL", "score > 0.5", "name IS NULL AND id > 0", "id = 4", "score <= 0.25 AND id != 0",
            "label = 'n3'");

    @Property(tries = 60)
    void indexesNeverChangeAnswersAndManifestsRoundTrip(@ForAll("sequences") List<TableOperation> operations)
            throws IOException {
        Path root = Files.createTempDirectory("table-props");
        try {
            Lab lab = new Lab(root, operations.size());
            lab.apply(Ops.create("[{\"id\":1,\"name\":\"n1\",\"score\":0.5},{\"id\":2,\"name\":\"n2\",\"score\":1.0},"
                    + "{\"id\":null,\"name\":null,\"score\":null}]", 2, column("id", "int64"), column("name", "string"),
                    column("score", "double"), column("tags", "list<string>")));
            check(lab);
            for (TableOperation operation : operations) {
                try {
                    lab.apply(operation);
                } catch (TableException e) {
                    assertThat(e.kind()).isIn(TableException.Kind.INVALID_OPERATION, TableException.Kind.INDEX_NAME_EXISTS);
                    continue;
                }
                check(lab);
            }
        } finally {
            try (Stream<Path> files = Files.walk(root)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static void check(Lab lab) {
        for (String filter : FILTERS) {
            long scan;
            try {
                scan = lab.count(filter, false);
            } catch (TableException e) {
                continue; // a column the filter names is gone or has another type now
            }
            assertThat(lab.count(filter, true)).as(filter).isEqualTo(scan);
        }
        ManifestFile read = ManifestReader.read(LanceDatasetFolder.open(lab.root).entry(lab.lastCommit.version().version()).path());
        assertThat(read.indexSection()).isEqualTo(lab.lastWritten.indexSection());
        assertThat(read.transaction()).isEqualTo(lab.lastWritten.transaction());
        assertThat(read.manifest().toBuilder().clearIndexSection().clearTransactionSection().build())
                .isEqualTo(lab.lastWritten.manifest().toBuilder().clearIndexSection().clearTransactionSection().build());
        assertThat(TableStore.load(lab.root).table()).isEqualTo(lab.lastCommit.version());

        IndexSection section = read.indexSection().orElse(IndexSection.getDefaultInstance());
        List<IndexV2> v2 = section.getIndicesV2List();
        List<IndexMetadata> legacy = IndexV2Projection.toLegacy(v2, section.getIndicesList(), read.version(),
                OptionalLong.empty());
        assertThat(legacy).isEqualTo(section.getIndicesList());
        assertThat(IndexV2Projection.toV2(legacy, name -> v2.stream().filter(i -> i.getName().equals(name))
                .findFirst().map(i -> IndexSegment.uuidFromBytes(i.getId().toByteArray())))).isEqualTo(v2);
        // the reader takes IndexV2, since the reference keeps both forms consistent
        if (!v2.isEmpty()) {
            assertThat(TableStore.catalog(lab.root, read).source())
                    .isEqualTo(dev.tableindex.model.index.IndexCatalog.Source.V2);
        }
    }

    @Provide
    Arbitrary<List<TableOperation>> sequences() {
        return operation().list().ofMinSize(1).ofMaxSize(14);
    }

    private Arbitrary<TableOperation> operation() {
        Arbitrary<String> indexedColumn = Arbitraries.of("id", "name", "score", "label");
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, rows(0, 6).flatMap(r -> Arbitraries.integers().between(0, 3)
                        .map(n -> Ops.append(r, n)))),
                net.jqwik.api.Tuple.of(3, Arbitraries.of(FILTERS.subList(1, FILTERS.size())).map(Ops::delete)),
                net.jqwik.api.Tuple.of(2, keyedRows().map(r -> Ops.mergeInsert("id", r))),
                net.jqwik.api.Tuple.of(2, Combinators.combine(Arbitraries.integers().between(0, 7),
                        Arbitraries.of("n0", "n1", "n2", "n3")).as((id, name) ->
                        Ops.updateColumn("id", "name", "[{\"id\":" + id + ",\"name\":\"" + name + "\"}]"))),
                net.jqwik.api.Tuple.of(1, Combinators.combine(Arbitraries.integers().between(0, 3),
                        Arbitraries.of(0.25, 0.75)).as((id, score) ->
                        Ops.updateColumn("id", "score", "[{\"id\":" + id + ",\"score\":" + score + "}]"))),
                net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(1, 5).map(Ops::compact)),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(Ops.rename("name", "label"), Ops.rename("label", "name"))),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(Ops.drop("score"), Ops.drop("tags"))),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(Ops.alter("score", "float"), Ops.alter("id", "int32"),
                        Ops.alter("id", "double"))),
                net.jqwik.api.Tuple.of(4, Combinators.combine(indexedColumn, Arbitraries.of("btree", "bitmap"),
                        Arbitraries.of("", "ix"), Arbitraries.of(true, false)).as((column, type, name, replace) ->
                        Ops.createIndex(name, column, type, Map.of(), replace))),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(Ops.createIndex("", "tags", "label_list"))),
                net.jqwik.api.Tuple.of(1, Arbitraries.of("id_idx", "name_idx", "ix").map(Ops::dropIndex)),
                net.jqwik.api.Tuple.of(3, Arbitraries.just(Ops.optimize())));
    }

    private static Arbitrary<String> value(List<String> choices) {
        return Arbitraries.of(choices);
    }

    private static Arbitrary<String> rows(int min, int max) {
        Arbitrary<String> row = Combinators.combine(value(List.of("null", "0", "1", "2", "3", "4", "5", "6", "7")),
                value(List.of("null", "\"n0\"", "\"n1\"", "\"n2\"", "\"n3\"")),
                value(List.of("null", "0.0", "0.25", "0.5", "1.0")),
                value(List.of("null", "[]", "[\"a\"]", "[\"a\",null,\"b\"]")))
                .as((id, name, score, tags) -> "{\"id\":" + id + ",\"name\":" + name + ",\"score\":" + score
                        + ",\"tags\":" + tags + "}");
        return row.list().ofMinSize(min).ofMaxSize(max).map(r -> "[" + String.join(",", r) + "]");
    }

    /** merge_insert rows: distinct non-null keys. */
    private static Arbitrary<String> keyedRows() {
        return Arbitraries.integers().between(0, 9).set().ofMaxSize(5).flatMap(ids -> {
            List<Integer> keys = new ArrayList<>(ids);
            return value(List.of("\"n0\"", "\"n1\"", "\"n2\"", "null")).list().ofSize(keys.size()).map(names -> {
                List<String> rows = new ArrayList<>();
                for (int i = 0; i < keys.size(); i++) {
                    rows.add("{\"id\":" + keys.get(i) + ",\"name\":" + names.get(i) + ",\"score\":0.5}");
                }
                return "[" + String.join(",", rows) + "]";
            });
        });
    }
}
