package dev.tableindex.model.iceberg.read;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.model.iceberg.data.IndexDataBuilder;
import dev.tableindex.model.iceberg.definition.ExpressionField;
import dev.tableindex.model.iceberg.definition.IndexDefinition;
import dev.tableindex.model.iceberg.definition.IndexType;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reader skips range files the filter cannot match, and keeps every one it could (worked by hand). */
class IndexPruningTest {
    @TempDir Path dir;

    /** Ids 1..8 with cities "ant", "bee", ..., one row per range file. */
    private IndexMetadata indexed(SourceTable table, IndexDefinition definition) {
        String[] cities = {"ant", "bee", "cat", "dog", "eel", "fox", "gnu", "hen"};
        List<Record> rows = new ArrayList<>();
        for (int i = 0; i < cities.length; i++) {
            rows.add(Fixtures.row(i + 1, cities[i], (double) i));
        }
        long snapshot = table.append(rows);
        IndexDataBuilder.build(definition, table, snapshot, dir.resolve("index/data"), "s",
                new IndexDataBuilder.Options(FileFormat.PARQUET, 1));
        return IndexMetadata.create("u", "t", LocalFileIO.uri(dir.resolve("index")), 0, definition, Map.of())
                .withSnapshot(IndexSnapshot.of(1, snapshot, 0, "data/s-tracking.avro"));
    }

    private static QueryAnswer answer(IndexMetadata metadata, SourceTable table, String filter) {
        return IndexReader.query(metadata, table, table.currentSnapshotId(), FilterJson.parse(filter, Fixtures.SCHEMA));
    }

    @Test
    void anIdentityClusterFieldPrunesComparisonsSetsAndConjunctions() {
        SourceTable table = SourceTable.create(dir.resolve("t"), Fixtures.SCHEMA, FileFormat.PARQUET);
        IndexMetadata metadata = indexed(table, Fixtures.DEFINITION);
        String city = "{\"type\": \"reference\", \"id\": 2}";
        assertThat(answer(metadata, table, "{\"type\": \"eq\", \"left\": " + city + ", \"right\": \"cat\"}")
                .rangeFilesRead()).isEqualTo(1);
        // ant, bee: keys below "c"
        assertThat(answer(metadata, table, "{\"type\": \"lt\", \"left\": " + city + ", \"right\": \"c\"}")
                .rangeFilesRead()).isEqualTo(2);
        assertThat(answer(metadata, table, "{\"type\": \"in\", \"child\": " + city + ", \"values\": [\"bee\", \"hen\"]}")
                .rangeFilesRead()).isEqualTo(2);
        // and: the intersection (cat, dog, eel with >= "cat" and <= "eel")
        QueryAnswer both = answer(metadata, table, "{\"type\": \"and\", \"left\": {\"type\": \"gt-eq\", \"left\": " + city
                + ", \"right\": \"cat\"}, \"right\": {\"type\": \"lt-eq\", \"left\": " + city + ", \"right\": \"eel\"}}");
        assertThat(both.rangeFilesRead()).isEqualTo(3);
        assertThat(both.rows()).hasSize(3);
        // a negation is not pruned
        assertThat(answer(metadata, table, "{\"type\": \"not\", \"child\": {\"type\": \"eq\", \"left\": " + city
                + ", \"right\": \"cat\"}}").rangeFilesRead()).isEqualTo(8);
        // the non-materialized id field's bounds prune a filter on id
        assertThat(answer(metadata, table, "{\"type\": \"eq\", \"left\": {\"type\": \"reference\", \"id\": 1},"
                + " \"right\": 4}").rangeFilesRead()).isEqualTo(1);
    }

    @Test
    void aBucketPrunesByEqualityOnlyAndATruncateByRangesNeverStrictly() {
        List<ExpressionField> materialized = new ArrayList<>(Fixtures.DEFINITION.materializedFields());
        materialized.add(ExpressionField.exprValue(1003, Types.IntegerType.get(), IndexAnswerProperties.apply("bucket", 4, 1)));
        materialized.add(ExpressionField.exprValue(1004, Types.StringType.get(), IndexAnswerProperties.apply("truncate", 1, 2)));
        SourceTable bucketed = SourceTable.create(dir.resolve("b"), Fixtures.SCHEMA, FileFormat.PARQUET);
        IndexMetadata byBucket = indexed(bucketed, new IndexDefinition(IndexType.SCALAR, List.of(1, 2), materialized,
                List.of(), List.of(1003, 2))); // no stats of id itself, whose bounds would prune

        String id = "{\"type\": \"reference\", \"id\": 1}";
        QueryAnswer point = answer(byBucket, bucketed, "{\"type\": \"eq\", \"left\": " + id + ", \"right\": 3}");
        assertThat(point.rows()).hasSize(1);
        assertThat(point.rangeFilesRead()).isLessThan(8);
        // a range over the bucket's source proves nothing about bucket values: every file is read
        QueryAnswer range = answer(byBucket, bucketed, "{\"type\": \"lt\", \"left\": " + id + ", \"right\": 3}");
        assertThat(range.rows()).hasSize(2);
        assertThat(range.rangeFilesRead()).isEqualTo(8);

        dir.resolve("index").toFile().renameTo(dir.resolve("index-b").toFile());
        SourceTable truncated = SourceTable.create(dir.resolve("c"), Fixtures.SCHEMA, FileFormat.PARQUET);
        IndexMetadata byPrefix = indexed(truncated, new IndexDefinition(IndexType.SCALAR, List.of(1, 2), materialized,
                List.of(), List.of(1004, 2)));
        // city > "c": truncate(1) keeps "c" (cat) and above, never > "c" strictly, which would lose "cat"
        QueryAnswer above = answer(byPrefix, truncated, "{\"type\": \"gt\", \"left\": {\"type\": \"reference\", \"id\": 2},"
                + " \"right\": \"c\"}");
        assertThat(above.rows()).hasSize(6);
        assertThat(above.rangeFilesRead()).isEqualTo(6);
    }
}
