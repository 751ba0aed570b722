package dev.tableindex.model.iceberg.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionSpec;
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
    @EnumSource(value = FileFormat.class, names = {"AVRO", "PARQUET", "ORC"})
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

    @org.junit.jupiter.api.Test
    void anOrcTablesDataAndDeleteFilesAreWrittenWithTheSmallBuffer() throws java.io.IOException {
        SourceTable table = SourceTable.create(dir.resolve("o"), SCHEMA, FileFormat.ORC);
        long s1 = table.append(List.of(row(1, "a"), row(2, "b")));
        table.deleteWhereEquals(1, List.of(2L));
        List<Path> files;
        try (var walk = java.nio.file.Files.walk(dir.resolve("o"))) {
            files = walk.filter(f -> f.toString().endsWith(".orc")).toList();
        }
        assertThat(files).hasSize(2);
        for (Path file : files) {
            try (org.apache.orc.Reader reader = org.apache.orc.OrcFile.createReader(
                    new org.apache.hadoop.fs.Path(file.toUri()),
                    org.apache.orc.OrcFile.readerOptions(LocalHadoopFiles.configuration()))) {
                assertThat(reader.getCompressionSize()).as(file.toString()).isEqualTo(SmallFileBuffers.ORC_BUFFER_SIZE);
            }
        }
        assertThat(table.liveRows(s1)).hasSize(2);
    }

    @ParameterizedTest
    @EnumSource(value = FileFormat.class, names = {"AVRO", "PARQUET", "ORC"})
    void aPartitionedTableWritesAFilePerPartitionAndDeletesReachEveryPartition(FileFormat format) {
        SourceTable table = SourceTable.create(dir.resolve("p"), SCHEMA,
                PartitionSpec.builderFor(SCHEMA).identity("city").build(), format);
        long s1 = table.append(List.of(row(1, "a"), row(2, "b"), row(3, "a"), row(4, null)));
        List<SourceRow> rows = table.liveRows(s1);
        assertThat(rows.stream().map(SourceRow::file).distinct()).hasSize(3);
        SourceRow two = rows.stream().filter(r -> r.values().getField("id").equals(2L)).findFirst().orElseThrow();
        table.deletePositions(List.of(two));
        long s3 = table.deleteWhereEquals(1, List.of(3L, 4L));
        assertThat(table.liveRows(s3)).extracting(r -> r.values().getField("id")).containsExactly(1L);
    }

    @org.junit.jupiter.api.Test
    void aSnapshotKeepsTheSchemaItWasWrittenWith() {
        Schema narrow = new Schema(Types.NestedField.required(1, "id", Types.IntegerType.get()),
                Types.NestedField.optional(2, "city", Types.StringType.get()));
        SourceTable table = SourceTable.create(dir.resolve("e"), narrow, FileFormat.PARQUET);
        Record r = GenericRecord.create(narrow);
        r.setField("id", 7);
        r.setField("city", "x");
        long s1 = table.append(List.of(r));
        table.promoteColumn(1, Types.LongType.get());
        table.renameColumn(2, "town");
        Record wide = GenericRecord.create(table.schema());
        wide.setField("id", 8L);
        wide.setField("town", "y");
        long s2 = table.append(List.of(wide));
        assertThat(table.schemaOf(s1).findType(1)).isEqualTo(Types.IntegerType.get());
        assertThat(table.schemaOf(s1).findColumnName(2)).isEqualTo("city");
        assertThat(table.schemaOf(s2).findType(1)).isEqualTo(Types.LongType.get());
        assertThat(table.schemaOf(s2).findColumnName(2)).isEqualTo("town");
        assertThat(table.liveRows(s1)).extracting(x -> x.values().getField("id")).containsExactly(7);
        assertThat(table.liveRows(s2)).extracting(x -> x.values().getField("id")).containsExactlyInAnyOrder(7L, 8L);
    }

    @org.junit.jupiter.api.Test
    @SuppressWarnings("unchecked")
    void liveRowsAreCopiesACallerMayChange() {
        Schema schema = new Schema(Types.NestedField.required(1, "id", Types.LongType.get()),
                Types.NestedField.optional(2, "blob", Types.BinaryType.get()),
                Types.NestedField.optional(3, "tags", Types.ListType.ofOptional(4, Types.StringType.get())));
        SourceTable table = SourceTable.create(dir.resolve("c"), schema, FileFormat.PARQUET);
        Record r = GenericRecord.create(schema);
        r.set(0, 1L);
        r.set(1, java.nio.ByteBuffer.wrap(new byte[] {1, 2, 3}));
        r.set(2, List.of("x", "y"));
        long s1 = table.append(List.of(r));

        List<SourceRow> first = table.liveRows(s1);
        first.get(0).values().set(0, 99L);
        ((java.nio.ByteBuffer) first.get(0).values().get(1)).get(new byte[3]); // reads the buffer to its end
        ((List<Object>) first.get(0).values().get(2)).clear();
        first.clear();
        table.append(List.of(r));

        List<SourceRow> again = table.liveRows(s1);
        assertThat(again).hasSize(1);
        assertThat(again.get(0).values().get(0)).isEqualTo(1L);
        assertThat(again.get(0).values().get(1)).isEqualTo(java.nio.ByteBuffer.wrap(new byte[] {1, 2, 3}));
        assertThat(again.get(0).values().get(2)).isEqualTo(List.of("x", "y"));
        assertThat(table.liveRows(table.currentSnapshotId())).hasSize(2);
    }

    @org.junit.jupiter.api.Test
    void aTableSeesCommitsMadeThroughAnotherObjectOfItsFolder() {
        SourceTable writer = SourceTable.create(dir.resolve("w"), SCHEMA, FileFormat.AVRO);
        long s1 = writer.append(List.of(row(1, "a")));
        SourceTable reader = SourceTable.load(dir.resolve("w"));
        assertThat(reader.currentSnapshotId()).isEqualTo(s1);
        long s2 = writer.append(List.of(row(2, "b")));
        assertThat(reader.currentSnapshotId()).isEqualTo(s2);
        assertThat(reader.liveRows(s2)).extracting(r -> r.values().getField("id")).containsExactlyInAnyOrder(1L, 2L);
        long s3 = reader.append(List.of(row(3, "c")));
        assertThat(writer.currentSnapshotId()).isEqualTo(s3);
    }
}
