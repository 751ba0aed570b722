package dev.tableindex.model.iceberg.read;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.model.iceberg.data.IndexDataBuilder;
import dev.tableindex.model.iceberg.data.IndexDataChecker;
import dev.tableindex.model.iceberg.definition.IndexDefinition;
import dev.tableindex.model.iceberg.definition.IndexType;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceRow;
import dev.tableindex.model.iceberg.table.SourceTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.data.Record;

/**
 * Answers through an index equal the table's own answers, on random real Iceberg tables (Avro or Parquet) with
 * position and equality deletes, for an index that is current or lags behind the wanted snapshot, and for an
 * index of a type the reader does not implement.
 */
class IndexAnswerProperties {
    static final String[] CITIES = {null, "a", "b", "c", "ab"};
    static final Double[] SCORES = {null, Double.NaN, -0.0, 0.0, 1.0, -1.5, Double.POSITIVE_INFINITY};

    @Property(tries = 6, shrinking = net.jqwik.api.ShrinkingMode.OFF)
    void answersThroughTheIndexEqualTheTablesAnswers(@ForAll long seed) throws IOException {
        Random random = new Random(seed);
        Path dir = Files.createTempDirectory("ice-prop");
        try {
            FileFormat format = random.nextBoolean() ? FileFormat.AVRO : FileFormat.PARQUET;
            SourceTable table = SourceTable.create(dir.resolve("table"), Fixtures.SCHEMA, format);
            List<Long> snapshots = new ArrayList<>();
            long nextId = 0;
            int commits = 2 + random.nextInt(4);
            for (int c = 0; c < commits; c++) {
                long current = table.currentSnapshotId();
                List<SourceRow> live = table.liveRows(current);
                int kind = live.isEmpty() ? 0 : random.nextInt(3);
                if (kind == 0) {
                    List<Record> rows = new ArrayList<>();
                    int n = random.nextInt(9);
                    for (int i = 0; i < n; i++) {
                        rows.add(Fixtures.row(nextId++, CITIES[random.nextInt(CITIES.length)],
                                SCORES[random.nextInt(SCORES.length)]));
                    }
                    snapshots.add(table.append(rows));
                } else if (kind == 1) {
                    List<SourceRow> doomed = new ArrayList<>(live.stream().filter(r -> random.nextInt(3) == 0).toList());
                    if (doomed.isEmpty()) {
                        doomed.add(live.get(random.nextInt(live.size())));
                    }
                    snapshots.add(table.deletePositions(doomed));
                } else {
                    Object id = live.get(random.nextInt(live.size())).values().getField("id");
                    snapshots.add(table.deleteWhereEquals(1, List.of(id)));
                }
            }
            long wanted = snapshots.get(snapshots.size() - 1);
            long indexed = snapshots.get(random.nextInt(snapshots.size())); // may lag behind the wanted one
            Path index = dir.resolve("index");
            IndexDataBuilder.Built built = IndexDataBuilder.build(Fixtures.DEFINITION, table, indexed, index.resolve("data"), "s",
                    new IndexDataBuilder.Options(random.nextBoolean() ? FileFormat.AVRO : FileFormat.PARQUET,
                            1 + random.nextInt(3)));
            IndexMetadata metadata = IndexMetadata.create("u", "t", LocalFileIO.uri(index), 0, Fixtures.DEFINITION,
                    Map.of()).withSnapshot(IndexSnapshot.of(7, indexed, 0, "data/s-tracking.avro"));
            assertThat(new IndexDataChecker(metadata, Optional.of(table)).checkAll()).isEmpty();

            FieldPredicate predicate = randomPredicate(random);
            List<SourceRow> expected = IndexReader.fromTable(table, wanted, predicate);
            QueryAnswer answer = IndexReader.query(metadata, table, wanted, predicate);
            assertThat(sorted(answer.rows())).as("%s via %s", predicate, answer.route()).isEqualTo(sorted(expected));
            assertThat(answer.route()).isEqualTo(indexed == wanted ? QueryAnswer.Route.INDEX
                    : QueryAnswer.Route.INDEX_RECONCILED);

            IndexDefinition other = new IndexDefinition(new IndexType(random.nextBoolean() ? "VECTOR" : "bloom"),
                    Fixtures.DEFINITION.identityFields(), Fixtures.DEFINITION.materializedFields(),
                    Fixtures.DEFINITION.nonMaterializedFields(), Fixtures.DEFINITION.clusterSpec());
            QueryAnswer ignored = IndexReader.query(new IndexMetadata(1, "u", "t", metadata.location(), 0, other,
                    Map.of(), metadata.snapshots(), List.of(), List.of()), table, wanted, predicate);
            assertThat(ignored.route()).isEqualTo(QueryAnswer.Route.TABLE);
            assertThat(sorted(ignored.rows())).isEqualTo(sorted(expected));
        } finally {
            dev.tableindex.model.iceberg.read.Fixtures.delete(dir);
        }
    }

    static FieldPredicate randomPredicate(Random random) {
        FieldPredicate.Op op = FieldPredicate.Op.values()[random.nextInt(FieldPredicate.Op.values().length)];
        if (random.nextBoolean()) {
            String city = CITIES[1 + random.nextInt(CITIES.length - 1)];
            return new FieldPredicate(2, op, op == FieldPredicate.Op.IS_NULL ? null : city);
        }
        Double[] numbers = {-0.0, 0.0, 1.0, -1.5, 0.5};
        return new FieldPredicate(3, op, op == FieldPredicate.Op.IS_NULL ? null : numbers[random.nextInt(numbers.length)]);
    }

    static List<String> sorted(List<SourceRow> rows) {
        return rows.stream().map(r -> r.pointer() + " " + r.values()).sorted(Comparator.naturalOrder()).toList();
    }
}
