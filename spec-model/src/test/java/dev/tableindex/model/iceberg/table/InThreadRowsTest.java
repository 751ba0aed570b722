package dev.tableindex.model.iceberg.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.LocationProviders;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.LocationProvider;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link InThreadRows} reads what {@link IcebergGenerics} reads, row for row, and loads delete files in the caller's
 * thread.
 */
class InThreadRowsTest {
    static final Schema SCHEMA = new Schema(
            Types.NestedField.required(1, "id", Types.IntegerType.get()),
            Types.NestedField.optional(2, "city", Types.StringType.get()),
            Types.NestedField.optional(3, "score", Types.DoubleType.get()));

    @TempDir Path dir;

    static Record row(SourceTable table, Object id, String city, Double score) {
        Record r = GenericRecord.create(table.schema());
        r.set(0, id);
        r.set(1, city);
        r.set(2, score);
        return r;
    }

    @ParameterizedTest
    @EnumSource(value = FileFormat.class, names = {"AVRO", "PARQUET", "ORC"})
    void anUnpartitionedTableReadsAsIcebergGenericsReadsItAtEverySnapshot(FileFormat format) throws IOException {
        SourceTable table = SourceTable.create(dir.resolve("t"), SCHEMA, format);
        writeHistory(table);
        assertEverySnapshotReadsAlike(table);
    }

    @ParameterizedTest
    @EnumSource(value = FileFormat.class, names = {"AVRO", "PARQUET", "ORC"})
    void aPartitionedTableReadsAsIcebergGenericsReadsItAtEverySnapshot(FileFormat format) throws IOException {
        SourceTable table = SourceTable.create(dir.resolve("p"), SCHEMA,
                PartitionSpec.builderFor(SCHEMA).identity("city").build(), format);
        writeHistory(table);
        assertEverySnapshotReadsAlike(table);
    }

    @ParameterizedTest
    @EnumSource(value = FileFormat.class, names = {"AVRO", "PARQUET", "ORC"})
    void deleteFilesAreOpenedInTheCallingThread(FileFormat format) {
        SourceTable source = SourceTable.create(dir.resolve("d"), SCHEMA, format);
        long s1 = source.append(List.of(row(source, 1, "a", 1.0), row(source, 2, "b", 2.0), row(source, 3, "c", 3.0)));
        source.deletePositions(List.of(source.liveRows(s1).get(0)));
        long s3 = source.deleteWhereEquals(1, List.of(3));
        ThreadsOpeningDeleteFiles io = new ThreadsOpeningDeleteFiles(source.table().io());
        Table table = new BaseTable(new WithIo(((HasTableOperations) source.table()).operations(), io), "d");

        List<Object> ids = new ArrayList<>();
        InThreadRows.forEach(table, table.newScan().useSnapshot(s3), r -> ids.add(r.getField("id")));

        assertThat(ids).containsExactly(2);
        assertThat(io.deleteFilesOpened).isEqualTo(2);
        assertThat(io.threads).containsExactly(Thread.currentThread().getName());
    }

    /** Several data files, position and equality deletes, and a schema change with rows written after it. */
    private static void writeHistory(SourceTable table) {
        long s1 = table.append(List.of(row(table, 1, "a", 0.5), row(table, 2, "b", null), row(table, 3, "a", 1.5),
                row(table, 4, null, 2.5)));
        table.append(List.of(row(table, 5, "b", 3.5), row(table, 6, "c", -1.0), row(table, 3, "c", 4.0)));
        List<SourceRow> live = table.liveRows(table.currentSnapshotId());
        table.deletePositions(List.of(live.get(1), live.get(5)));
        table.deleteWhereEquals(1, List.of(3, 4));
        table.promoteColumn(1, Types.LongType.get());
        table.renameColumn(2, "town");
        table.append(List.of(row(table, 7L, "a", 5.5), row(table, 8L, "d", null)));
        table.deletePositions(List.of(table.liveRows(s1).get(0)));
    }

    private static void assertEverySnapshotReadsAlike(SourceTable source) throws IOException {
        Table table = source.table();
        int snapshots = 0;
        for (Snapshot snapshot : table.snapshots()) {
            Schema projection = TypeUtil.join(source.schemaOf(snapshot.snapshotId()),
                    new Schema(MetadataColumns.FILE_PATH, MetadataColumns.ROW_POSITION));
            List<Record> expected = new ArrayList<>();
            try (CloseableIterable<Record> read = IcebergGenerics.read(table).useSnapshot(snapshot.snapshotId())
                    .project(projection).build()) {
                read.forEach(expected::add);
            }
            List<Record> actual = new ArrayList<>();
            InThreadRows.forEach(table, table.newScan().useSnapshot(snapshot.snapshotId()).project(projection),
                    actual::add);
            assertThat(actual).as("snapshot %d", snapshot.snapshotId()).isNotEmpty()
                    .containsExactlyElementsOf(expected);
            snapshots++;
        }
        assertThat(snapshots).isEqualTo(6);
    }

    /** The table's file IO, noting which threads open delete files. */
    private static final class ThreadsOpeningDeleteFiles implements FileIO {
        private final FileIO io;
        final Set<String> threads = ConcurrentHashMap.newKeySet();
        volatile int deleteFilesOpened;

        ThreadsOpeningDeleteFiles(FileIO io) {
            this.io = io;
        }

        @Override
        public InputFile newInputFile(String path) {
            return io.newInputFile(path);
        }

        @Override
        public InputFile newInputFile(DeleteFile file) {
            threads.add(Thread.currentThread().getName());
            deleteFilesOpened++;
            return io.newInputFile(file);
        }

        @Override
        public OutputFile newOutputFile(String path) {
            return io.newOutputFile(path);
        }

        @Override
        public void deleteFile(String path) {
            io.deleteFile(path);
        }
    }

    /** A table's operations with another file IO. */
    private record WithIo(TableOperations ops, FileIO io) implements TableOperations {
        @Override
        public TableMetadata current() {
            return ops.current();
        }

        @Override
        public TableMetadata refresh() {
            return ops.refresh();
        }

        @Override
        public void commit(TableMetadata base, TableMetadata metadata) {
            throw new UnsupportedOperationException("read only");
        }

        @Override
        public String metadataFileLocation(String fileName) {
            return ops.metadataFileLocation(fileName);
        }

        @Override
        public LocationProvider locationProvider() {
            return LocationProviders.locationsFor(current().location(), current().properties());
        }
    }
}
