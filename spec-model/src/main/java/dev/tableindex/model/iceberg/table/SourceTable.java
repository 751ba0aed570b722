package dev.tableindex.model.iceberg.table;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.RowDelta;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SortOrder;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.InternalRecordWrapper;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.deletes.EqualityDeleteWriter;
import org.apache.iceberg.deletes.PositionDelete;
import org.apache.iceberg.deletes.PositionDeleteWriter;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.encryption.EncryptedOutputFile;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.TypeUtil;

/**
 * A real Iceberg table in a local folder (format version 2, unpartitioned or partitioned), written and read by
 * Iceberg 1.12 itself: data files and position or equality delete files in Avro, Parquet or ORC, schema updates,
 * and the live rows of a snapshot as {@link IcebergGenerics} reads them (deletes applied by Iceberg, not by the
 * kit; read in the calling thread, {@link InThreadRows}).
 */
public final class SourceTable {
    private final Table table;
    /** The live rows of each snapshot read so far (never handed out: callers get copies). */
    private final Map<Long, List<SourceRow>> liveRowsRead = new java.util.concurrent.ConcurrentHashMap<>();

    private SourceTable(Table table) {
        this.table = table;
    }

    /** Creates a new unpartitioned table in {@code folder} (which must not hold one yet). */
    public static SourceTable create(Path folder, Schema schema, FileFormat format) {
        return create(folder, schema, PartitionSpec.unpartitioned(), format);
    }

    /** Creates a new table partitioned by {@code spec} in {@code folder} (which must not hold one yet). */
    public static SourceTable create(Path folder, Schema schema, PartitionSpec spec, FileFormat format) {
        LocalTableOperations ops = new LocalTableOperations(folder);
        if (ops.current() != null) {
            throw new IllegalArgumentException("a table already exists at " + folder);
        }
        TableMetadata metadata = TableMetadata.newTableMetadata(schema, spec,
                SortOrder.unsorted(), folder.toAbsolutePath().toString(),
                properties(format));
        ops.commit(null, metadata);
        return new SourceTable(new InThreadTable(ops, folder.getFileName().toString()));
    }

    /** Format version 2, {@code format} for data and delete files, write buffers for small files. */
    private static Map<String, String> properties(FileFormat format) {
        Map<String, String> properties = new java.util.TreeMap<>(Map.of(TableProperties.FORMAT_VERSION, "2",
                TableProperties.DEFAULT_FILE_FORMAT, format.name().toLowerCase(),
                TableProperties.DELETE_DEFAULT_FILE_FORMAT, format.name().toLowerCase()));
        properties.putAll(format == FileFormat.ORC ? SmallFileBuffers.orc() : SmallFileBuffers.parquet());
        return properties;
    }

    /** Opens the table in {@code folder}; fails with a clear message when there is none. */
    public static SourceTable load(Path folder) {
        LocalTableOperations ops = new LocalTableOperations(folder);
        if (ops.current() == null) {
            throw new IllegalArgumentException("no Iceberg table at " + folder + " (no metadata/version-hint.text)");
        }
        return new SourceTable(new InThreadTable(ops, folder.getFileName().toString()));
    }

    public Table table() {
        return table;
    }

    public Schema schema() {
        return table.schema();
    }

    public FileFormat format() {
        return FileFormat.fromString(table.properties().getOrDefault(TableProperties.DEFAULT_FILE_FORMAT, "parquet"));
    }

    /** The current snapshot id, or -1 for a table without snapshots. */
    public long currentSnapshotId() {
        table.refresh();
        return table.currentSnapshot() == null ? -1 : table.currentSnapshot().snapshotId();
    }

    /**
     * Appends the rows in one commit, one new data file per partition (one file for an unpartitioned table);
     * returns the new snapshot id.
     */
    public long append(List<Record> rows) {
        PartitionSpec spec = table.spec();
        Map<PartitionKey, List<Record>> byPartition = partitioned(spec, rows);
        AppendFiles append = table.newAppend();
        int n = 0;
        for (Map.Entry<PartitionKey, List<Record>> part : byPartition.entrySet()) {
            DataWriter<Record> writer = writers().newDataWriter(newFile("data", n++, byPartition.size()), spec,
                    spec.isUnpartitioned() ? null : part.getKey());
            try (writer) {
                part.getValue().forEach(writer::write);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            append.appendFile(writer.toDataFile());
        }
        append.commit();
        return currentSnapshotId();
    }

    /** The rows by the partition of the current spec they belong to, in first-seen order. */
    private Map<PartitionKey, List<Record>> partitioned(PartitionSpec spec, List<Record> rows) {
        Map<PartitionKey, List<Record>> byPartition = new LinkedHashMap<>();
        PartitionKey key = new PartitionKey(spec, table.schema());
        InternalRecordWrapper wrapper = new InternalRecordWrapper(table.schema().asStruct());
        for (Record row : rows) {
            key.partition(wrapper.wrap(row));
            byPartition.computeIfAbsent(key.copy(), k -> new ArrayList<>()).add(row);
        }
        if (byPartition.isEmpty()) {
            byPartition.put(key.copy(), new ArrayList<>());
        }
        return byPartition;
    }

    /**
     * Deletes rows by position, with one position delete file per partition of the data files that hold them;
     * returns the new snapshot id.
     */
    public long deletePositions(List<SourceRow> rows) {
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("a position delete file deletes at least one row");
        }
        Map<String, DataFile> files = liveDataFiles();
        Map<String, List<SourceRow>> byPartition = new TreeMap<>();
        for (SourceRow row : rows) {
            DataFile file = files.get(row.file());
            if (file == null) {
                throw new IllegalArgumentException("no live data file " + row.file());
            }
            byPartition.computeIfAbsent(file.specId() + "/" + file.partition(), k -> new ArrayList<>()).add(row);
        }
        RowDelta delta = table.newRowDelta();
        int n = 0;
        for (List<SourceRow> part : byPartition.values()) {
            List<SourceRow> sorted = new ArrayList<>(part);
            // position delete files are sorted by file and position
            sorted.sort((a, b) -> a.file().equals(b.file()) ? Long.compare(a.pos(), b.pos())
                    : a.file().compareTo(b.file()));
            DataFile first = files.get(sorted.get(0).file());
            PartitionSpec spec = table.specs().get(first.specId());
            PositionDeleteWriter<Record> writer = writers().newPositionDeleteWriter(
                    newFile("pos-deletes", n++, byPartition.size()), spec, spec.isUnpartitioned() ? null : first.partition());
            try (writer) {
                PositionDelete<Record> delete = PositionDelete.create();
                for (SourceRow row : sorted) {
                    writer.write(delete.set(row.file(), row.pos()));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            delta.addDeletes(writer.toDeleteFile());
        }
        delta.commit();
        return currentSnapshotId();
    }

    /**
     * Deletes every row whose field {@code fieldId} equals one of {@code values}, with an equality delete file
     * (in a partitioned table, one in each partition that has live data files, so the delete reaches every row);
     * returns the new snapshot id.
     */
    public long deleteWhereEquals(int fieldId, List<Object> values) {
        Schema deleteSchema = TypeUtil.select(table.schema(), java.util.Set.of(fieldId));
        GenericFileWriterFactory factory = new GenericFileWriterFactory.Builder(table)
                .dataFileFormat(format()).deleteFileFormat(format())
                .equalityFieldIds(new int[] {fieldId}).equalityDeleteRowSchema(deleteSchema).build();
        Map<String, DataFile> partitions = new TreeMap<>();
        liveDataFiles().values().forEach(f -> partitions.putIfAbsent(f.specId() + "/" + f.partition(), f));
        if (partitions.isEmpty()) {
            throw new IllegalArgumentException("an equality delete needs a table with data files");
        }
        RowDelta delta = table.newRowDelta();
        int n = 0;
        for (DataFile file : partitions.values()) {
            PartitionSpec spec = table.specs().get(file.specId());
            EqualityDeleteWriter<Record> writer = factory.newEqualityDeleteWriter(
                    newFile("eq-deletes", n++, partitions.size()), spec, spec.isUnpartitioned() ? null : file.partition());
            try (writer) {
                for (Object value : values) {
                    Record record = org.apache.iceberg.data.GenericRecord.create(deleteSchema);
                    record.set(0, value);
                    writer.write(record);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            delta.addDeletes(writer.toDeleteFile());
        }
        delta.commit();
        return currentSnapshotId();
    }

    /** Widens a column's type (int to long, float to double, a decimal's precision): a schema change, no snapshot. */
    public void promoteColumn(int fieldId, Type.PrimitiveType type) {
        table.updateSchema().updateColumn(columnName(fieldId), type).commit();
        table.refresh();
    }

    /** Renames a column: a schema change, no snapshot; the field keeps its id. */
    public void renameColumn(int fieldId, String name) {
        table.updateSchema().renameColumn(columnName(fieldId), name).commit();
        table.refresh();
    }

    private String columnName(int fieldId) {
        table.refresh();
        String name = table.schema().findColumnName(fieldId);
        if (name == null) {
            throw new IllegalArgumentException("table " + table.location() + " has no field " + fieldId);
        }
        return name;
    }

    /** The data files of the current snapshot, by location. */
    private Map<String, DataFile> liveDataFiles() {
        Map<String, DataFile> files = new LinkedHashMap<>();
        long current = currentSnapshotId();
        if (current < 0) {
            return files;
        }
        try (CloseableIterable<FileScanTask> tasks = table.newScan().useSnapshot(current).planFiles()) {
            tasks.forEach(t -> files.put(t.file().location(), t.file()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    /**
     * The live rows of a snapshot, with their pointers, in Iceberg's read order: copies, the caller's to change.
     * A snapshot's rows are read once per {@code SourceTable} (a snapshot never changes: its files are Iceberg's,
     * written once, and the kit's checks that an engine left the table's files alone compare their bytes; decision
     * 0146); the steps of a scenario and the scenarios of a shared table ask again and again.
     */
    public List<SourceRow> liveRows(long snapshotId) {
        if (snapshotId < 0) {
            return new ArrayList<>();
        }
        if (table.snapshot(snapshotId) == null) {
            throw new IllegalArgumentException("table " + table.location() + " has no snapshot " + snapshotId);
        }
        List<SourceRow> read = liveRowsRead.computeIfAbsent(snapshotId, this::readLiveRows);
        List<SourceRow> rows = new ArrayList<>(read.size());
        read.forEach(r -> rows.add(r.copy()));
        return rows;
    }

    private List<SourceRow> readLiveRows(long snapshotId) {
        List<SourceRow> rows = new ArrayList<>();
        Schema schema = schemaOf(snapshotId);
        Schema projection = TypeUtil.join(schema,
                new Schema(MetadataColumns.FILE_PATH, MetadataColumns.ROW_POSITION));
        TableScan scan = table.newScan().useSnapshot(snapshotId).project(projection);
        InThreadRows.forEach(table, scan, r -> {
            Record values = org.apache.iceberg.data.GenericRecord.create(schema);
            for (int i = 0; i < schema.columns().size(); i++) {
                values.set(i, r.getField(schema.columns().get(i).name()));
            }
            rows.add(new SourceRow(r.getField(MetadataColumns.FILE_PATH.name()).toString(),
                    (Long) r.getField(MetadataColumns.ROW_POSITION.name()), values));
        });
        return rows;
    }

    /** Every schema the table has had, oldest first (its schema history). */
    public List<Schema> schemas() {
        return table.schemas().entrySet().stream().sorted(Map.Entry.comparingByKey()).map(Map.Entry::getValue).toList();
    }

    /** The schema a snapshot was written with (the draft: identity fields take their type from it). */
    public Schema schemaOf(long snapshotId) {
        Integer schemaId = table.snapshot(snapshotId).schemaId();
        return schemaId == null ? table.schema() : table.schemas().get(schemaId);
    }

    private GenericFileWriterFactory writers() {
        return new GenericFileWriterFactory.Builder(table).dataFileFormat(format()).deleteFileFormat(format()).build();
    }

    /**
     * Names follow the commit that adds the file (and the file's place among the commit's files), so a table
     * written twice the same way has the same names.
     */
    private EncryptedOutputFile newFile(String kind, int index, int count) {
        table.refresh();
        int commit = 1 + (table.currentSnapshot() == null ? 0 : (int) table.currentSnapshot().sequenceNumber());
        String name = count == 1 ? String.format("%05d-%s.%s", commit, kind, format().name().toLowerCase())
                : String.format("%05d-%s-%d.%s", commit, kind, index, format().name().toLowerCase());
        return EncryptedFiles.plainAsEncryptedOutput(
                table.io().newOutputFile(table.locationProvider().newDataLocation(name)));
    }
}
