package dev.tableindex.model.iceberg.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SourceTableTest {
    static final Schema SCHEMA = new Schema(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "city", Types.StringType.get()));

    @TempDir Path dir;

    static Record row(long id, String city) {
        Record r = GenericRecord.create(SCHEMA);
        r.setField("id", id);
        r.setField("city", city);
        return r;
    }

    @ParameterizedTest
    @EnumSource(value = FileFormat.class, names = {"AVRO", "PARQUET"})
    void liveRowsComeFromIcebergWithDeletesApplied(FileFormat format) {
        SourceTable table = SourceTable.create(dir.resolve("t"), SCHEMA, format);
        long s1 = table.append(List.of(row(1, "a"), row(2, "b"), row(3, null)));
        List<SourceRow> first = table.liveRows(s1);
        assertThat(first).extracting(SourceRow::pos).containsExactly(0L, 1L, 2L);
        assertThat(first.get(0).file()).endsWith("00001-data." + format.name().toLowerCase());
        long s2 = table.deletePositions(List.of(first.get(1)));
        long s3 = table.deleteWhereEquals(1, List.of(3L));
        assertThat(table.liveRows(s2)).extracting(r -> r.values().getField("id")).containsExactly(1L, 3L);
        assertThat(table.liveRows(s3)).extracting(r -> r.values().getField("id")).containsExactly(1L);
        assertThat(table.liveRows(s1)).hasSize(3);
        SourceTable again = SourceTable.load(dir.resolve("t"));
        assertThat(again.currentSnapshotId()).isEqualTo(s3);
    }
}
