package dev.tableindex.model.iceberg.data;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.model.iceberg.definition.ExpressionField;
import dev.tableindex.model.iceberg.definition.IndexDefinition;
import dev.tableindex.model.iceberg.definition.IndexType;
import dev.tableindex.model.iceberg.definition.ReservedFieldIds;
import dev.tableindex.model.iceberg.definition.ValueExpression;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceRow;
import dev.tableindex.model.iceberg.table.SourceTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class IndexDataBuilderTest {
    static final Schema SCHEMA = new Schema(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "city", Types.StringType.get()),
            Types.NestedField.optional(3, "score", Types.DoubleType.get()));
    /** city, score clustered; pointers to the source row; id only as statistics. */
    static final IndexDefinition DEFINITION = new IndexDefinition(IndexType.SCALAR, List.of(2, 3),
            List.of(ExpressionField.exprValue(1000, Types.StringType.get(), ValueExpression.ref(ReservedFieldIds.FILE)),
                    ExpressionField.exprValue(1001, Types.LongType.get(), ValueExpression.ref(ReservedFieldIds.POS))),
            List.of(ExpressionField.exprValue(1002, Types.LongType.get(), ValueExpression.ref(1))),
            List.of(2, 3));

    @TempDir Path dir;

    static Record row(long id, String city, Double score) {
        Record r = GenericRecord.create(SCHEMA);
        r.setField("id", id);
        r.setField("city", city);
        r.setField("score", score);
        return r;
    }

    @ParameterizedTest
    @EnumSource(value = FileFormat.class, names = {"AVRO", "PARQUET"})
    void buildsIndexDataTheCheckerAccepts(FileFormat format) {
        SourceTable table = SourceTable.create(dir.resolve("table"), SCHEMA, format);
        table.append(List.of(row(1, "b", 1.0), row(2, "a", Double.NaN), row(3, null, 2.0), row(4, "a", 0.5),
                row(5, "b", 1.0), row(6, "c", null)));
        long s2 = table.append(List.of(row(7, "b", 1.0), row(8, "a", -0.0)));
        List<SourceRow> live = table.liveRows(s2);
        long s3 = table.deletePositions(live.stream().filter(r -> r.values().getField("id").equals(1L)).toList());
        long s4 = table.deleteWhereEquals(1, List.of(8L));

        Path index = dir.resolve("index");
        IndexDataBuilder.Built built = IndexDataBuilder.build(DEFINITION, table, s4, index.resolve("data"), "s4",
                new IndexDataBuilder.Options(format, 2));
        // live: 2(a,NaN) 3(null,2.0) 4(a,0.5) 5(b,1.0) 6(c,null) 7(b,1.0); 1 deleted by position, 8 by equality
        List<List<Object>> keys = new ArrayList<>();
        built.ranges().forEach(r -> r.forEach(e -> keys.add(e.clusteringKey())));
        assertThat(keys).extracting(Object::toString).containsExactly("[null, 2.0]", "[a, 0.5]", "[a, NaN]",
                "[b, 1.0]", "[b, 1.0]", "[c, null]");
        // ranges of 2 rows: (a, NaN), (b, 1.0) fill the second, but the other (b, 1.0) may not start a new one:
        // it joins its key group (3 rows), and the two equal entries are kept apart, not merged
        assertThat(built.ranges()).extracting(List::size).containsExactly(2, 3, 1);
        assertThat(built.entries().get(2).contentStats().get(3).groupMaxValue()).isNull(); // (c, null)
        assertThat(built.entries().get(1).contentStats().get(1002).lowerBound()).isEqualTo(2L); // ids 2, 5, 7

        IndexMetadata metadata = metadata(index, built, s4);
        assertThat(new IndexDataChecker(metadata, Optional.of(table)).checkAll()).isEmpty();
        assertThat(TrackingFiles.read(built.trackingFile())).isEqualTo(built.entries().stream()
                .map(e -> new TrackingEntry(e.filePath(), e.fileFormat(), e.recordCount(), e.fileSizeInBytes(),
                        e.contentStats(), null)).toList());

        // the same index data is not the index of the snapshot before the deletes
        IndexMetadata stale = metadata.withSnapshots(List.of(IndexSnapshot.of(1, s3, 0, LocalFileIO.uri(built.trackingFile()))));
        assertThat(new IndexDataChecker(stale, Optional.of(table)).checkAll())
                .extracting(DataViolation::rule).containsOnly(DataViolation.Rule.EXACTLY_LIVE_ROWS);
    }

    @ParameterizedTest
    @EnumSource(value = FileFormat.class, names = {"AVRO", "PARQUET"})
    void findsAWrongGroupMaxAndOutOfOrderEntries(FileFormat format) {
        SourceTable table = SourceTable.create(dir.resolve("table"), SCHEMA, format);
        long s1 = table.append(List.of(row(1, "a", 1.0), row(2, "b", 2.0), row(3, "c", 3.0), row(4, "d", 4.0)));
        Path index = dir.resolve("index");
        IndexDataBuilder.Built built = IndexDataBuilder.build(DEFINITION, table, s1, index.resolve("data"), "s1",
                new IndexDataBuilder.Options(format, 2));
        IndexFields fields = new IndexFields(DEFINITION, SCHEMA);
        TrackingEntry first = built.entries().get(0);
        Map<Integer, FieldStats> stats = new java.util.HashMap<>(first.contentStats());
        stats.put(3, new FieldStats(1.0, 2.0, true, 2.5)); // (b, 2.5) instead of (b, 2.0)
        List<TrackingEntry> wrong = List.of(built.entries().get(1),
                new TrackingEntry(first.filePath(), first.fileFormat(), first.recordCount(), first.fileSizeInBytes(),
                        stats, null));
        TrackingFiles.write(built.trackingFile(), fields, wrong);
        List<DataViolation> violations = new IndexDataChecker(metadata(index, built, s1), Optional.of(table)).checkAll();
        assertThat(violations).as(violations.toString()).extracting(DataViolation::rule).contains(DataViolation.Rule.GROUP_MAX_EXACT,
                DataViolation.Rule.ENTRIES_ORDERED, DataViolation.Rule.RANGES_DISJOINT);
        assertThat(violations.toString()).contains(first.filePath(), "group_max_value");
    }

    static IndexMetadata metadata(Path index, IndexDataBuilder.Built built, long sourceSnapshot) {
        return IndexMetadata.create("4f3c", "table", LocalFileIO.uri(index), 0, DEFINITION, Map.of())
                .withSnapshot(IndexSnapshot.of(1, sourceSnapshot, 0, "data/" + built.trackingFile().getFileName()));
    }
}
