package dev.tableindex.model.iceberg.data;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.model.iceberg.order.VectorValues;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceTable;
import dev.tableindex.model.iceberg.table.TableScript;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.types.Type;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * golden-files/iceberg-index/snapshots: re-makes each real Iceberg table with Iceberg, builds the index snapshot
 * with the reference model and compares it with the hand-worked expected.json; the checker must accept it.
 */
class IcebergGoldenSnapshotsTest {
    static final Path CASES = Path.of(System.getProperty("tck.golden.dir", "../golden-files"), "iceberg-index",
            "snapshots");
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path dir;

    @TestFactory
    Stream<DynamicTest> everyCaseBuildsAsExpected() throws IOException {
        List<Path> cases;
        try (Stream<Path> list = Files.list(CASES)) {
            cases = list.filter(Files::isDirectory).sorted().toList();
        }
        assertThat(cases).isNotEmpty();
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), () -> check(c)));
    }

    private void check(Path golden) throws IOException {
        Path work = dir.resolve(golden.getFileName().toString());
        List<Long> snapshots = TableScript.create(JSON.readTree(golden.resolve("table-script.json").toFile()),
                work.resolve("table"));
        JsonNode expected = JSON.readTree(golden.resolve("expected.json").toFile());
        IndexMetadata defined = IndexMetadataJson.read(Files.readAllBytes(golden.resolve("index.metadata.json")));
        SourceTable table = SourceTable.load(work.resolve("table"));
        long source = snapshots.get(expected.get("source-commit").asInt());
        IndexDataBuilder.Built built = IndexDataBuilder.build(defined.definition(), table, source,
                work.resolve("index/data"), "golden", new IndexDataBuilder.Options(
                        FileFormat.fromString(expected.get("range-file-format").asText()),
                        expected.get("rows-per-file").asInt()));
        IndexFields fields = new IndexFields(defined.definition(), table.schemaOf(source));

        List<Object> actual = new ArrayList<>();
        List<Object> wanted = new ArrayList<>();
        for (int i = 0; i < built.entries().size(); i++) {
            TrackingEntry entry = built.entries().get(i);
            List<Object> key = new ArrayList<>();
            defined.definition().clusterSpec().forEach(id -> key.add(entry.contentStats().get(id).groupMaxValue()));
            List<String> rows = built.ranges().get(i).stream().map(e -> {
                List<Object> values = new ArrayList<>();
                defined.definition().identityFields().forEach(id -> values.add(e.values().get(id)));
                return IndexValues.exact(values) + " " + Path.of(e.source().file()).getFileName() + "#" + e.source().pos();
            }).toList();
            actual.add(List.of(entry.recordCount(), IndexValues.exact(key), rows, bounds(entry, fields)));
        }
        for (JsonNode range : expected.get("ranges")) {
            List<Object> key = new ArrayList<>();
            for (int k = 0; k < defined.definition().clusterSpec().size(); k++) {
                int id = defined.definition().clusterSpec().get(k);
                key.add(VectorValues.parse(fields.type(id).asPrimitiveType(), range.get("group-max-value").get(k)));
            }
            List<String> rows = new ArrayList<>();
            for (JsonNode row : range.get("rows")) {
                List<Object> values = new ArrayList<>();
                List<Integer> identity = defined.definition().identityFields();
                for (int k = 0; k < identity.size(); k++) {
                    values.add(VectorValues.parse(fields.type(identity.get(k)).asPrimitiveType(), row.get(k)));
                }
                rows.add(IndexValues.exact(values) + " " + row.get(identity.size()).asText() + "#"
                        + row.get(identity.size() + 1).asLong());
            }
            List<String> bounds = new ArrayList<>();
            range.get("bounds").properties().forEach(b -> {
                Type.PrimitiveType type = fields.type(Integer.parseInt(b.getKey())).asPrimitiveType();
                bounds.add(b.getKey() + " " + IndexValues.exact(VectorValues.parse(type, b.getValue().get(0))) + ".."
                        + IndexValues.exact(VectorValues.parse(type, b.getValue().get(1))));
            });
            wanted.add(List.of(range.get("record-count").asLong(), IndexValues.exact(key), rows, bounds));
        }
        assertThat(actual).isEqualTo(wanted);

        IndexMetadata metadata = new IndexMetadata(1, defined.indexUuid(), table.table().uuid().toString(),
                LocalFileIO.uri(work.resolve("index")), defined.lastUpdatedMs(), defined.definition(), Map.of(),
                List.of(IndexSnapshot.of(1, source, 0, "data/golden-tracking.avro")), List.of(), List.of());
        assertThat(new IndexDataChecker(metadata, Optional.of(table)).checkAll()).isEmpty();
    }

    private static List<String> bounds(TrackingEntry entry, IndexFields fields) {
        List<String> out = new ArrayList<>();
        entry.contentStats().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> out.add(e.getKey()
                + " " + IndexValues.exact(e.getValue().lowerBound()) + ".." + IndexValues.exact(e.getValue().upperBound())));
        return out;
    }
}
