package dev.tableindex.model.iceberg.table;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SortOrder;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.deletes.EqualityDeleteWriter;
import org.apache.iceberg.deletes.PositionDelete;
import org.apache.iceberg.deletes.PositionDeleteWriter;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.encryption.EncryptedOutputFile;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.types.TypeUtil;

/**
 * A real Iceberg table in a local folder (format version 2, unpartitioned), written and read by Iceberg 1.12
 * itself: data files and position or equality delete files in Avro or Parquet, and the live rows of a snapshot
 * as {@link IcebergGenerics} reads them (deletes applied by Iceberg, not by the kit).
 */
public final class SourceTable {
    private final Table table;

    private SourceTable(Table table) {
        this.table = table;
    }

    /** Creates a new table in {@code folder} (which must not hold one yet). */
    public static SourceTable create(Path folder, Schema schema, FileFormat format) {
        LocalTableOperations ops = new LocalTableOperations(folder);
        if (ops.current() != null) {
            throw new IllegalArgumentException("a table already exists at " + folder);
        }
        TableMetadata metadata = TableMetadata.newTableMetadata(schema, PartitionSpec.unpartitioned(),
                SortOrder.unsorted(), folder.toAbsolutePath().toString(),
                Map.of(TableProperties.FORMAT_VERSION, "2",
                        TableProperties.DEFAULT_FILE_FORMAT, format.name().toLowerCase(),
                        TableProperties.DELETE_DEFAULT_FILE_FORMAT, format.name().toLowerCase()));
        ops.commit(null, metadata);
        return new SourceTable(new BaseTable(ops, folder.getFileName().toString()));
    }

    /** Opens the table in {@code folder}; fails with a clear message when there is none. */
    public static SourceTable load(Path folder) {
        LocalTableOperations ops = new LocalTableOperations(folder);
        if (ops.current() == null) {
            throw new IllegalArgumentException("no Iceberg table at " + folder + " (no metadata/version-hint.text)");
        }
        return new SourceTable(new BaseTable(ops, folder.getFileName().toString()));
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

    /** Appends the rows as one new data file; returns the new snapshot id. */
    public long append(List<Record> rows) {
        DataWriter<Record> writer = writers().newDataWriter(newFile("data"), PartitionSpec.unpartitioned(), null);
        try (writer) {
            rows.forEach(writer::write);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        DataFile file = writer.toDataFile();
        table.newAppend().appendFile(file).commit();
        return currentSnapshotId();
    }

    /** Deletes rows by position with one position delete file; returns the new snapshot id. */
    public long deletePositions(List<SourceRow> rows) {
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("a position delete file deletes at least one row");
        }
        List<SourceRow> sorted = new ArrayList<>(rows);
        // position delete files are sorted by file and position
        sorted.sort((a, b) -> a.file().equals(b.file()) ? Long.compare(a.pos(), b.pos()) : a.file().compareTo(b.file()));
        PositionDeleteWriter<Record> writer =
                writers().newPositionDeleteWriter(newFile("pos-deletes"), PartitionSpec.unpartitioned(), null);
        try (writer) {
            PositionDelete<Record> delete = PositionDelete.create();
            for (SourceRow row : sorted) {
                writer.write(delete.set(row.file(), row.pos()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        DeleteFile file = writer.toDeleteFile();
        table.newRowDelta().addDeletes(file).commit();
        return currentSnapshotId();
    }

    /** Deletes every row whose field {@code fieldId} equals one of {@code values}, with an equality delete file. */
    public long deleteWhereEquals(int fieldId, List<Object> values) {
        Schema deleteSchema = TypeUtil.select(table.schema(), java.util.Set.of(fieldId));
        GenericFileWriterFactory factory = new GenericFileWriterFactory.Builder(table)
                .dataFileFormat(format()).deleteFileFormat(format())
                .equalityFieldIds(new int[] {fieldId}).equalityDeleteRowSchema(deleteSchema).build();
        EqualityDeleteWriter<Record> writer =
                factory.newEqualityDeleteWriter(newFile("eq-deletes"), PartitionSpec.unpartitioned(), null);
        try (writer) {
            for (Object value : values) {
                Record record = org.apache.iceberg.data.GenericRecord.create(deleteSchema);
                record.set(0, value);
                writer.write(record);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        table.newRowDelta().addDeletes(writer.toDeleteFile()).commit();
        return currentSnapshotId();
    }

    /** The live rows of a snapshot, with their pointers, in Iceberg's read order. */
    public List<SourceRow> liveRows(long snapshotId) {
        List<SourceRow> rows = new ArrayList<>();
        if (snapshotId < 0) {
            return rows;
        }
        if (table.snapshot(snapshotId) == null) {
            throw new IllegalArgumentException("table " + table.location() + " has no snapshot " + snapshotId);
        }
        Schema schema = schemaOf(snapshotId);
        Schema projection = TypeUtil.join(schema,
                new Schema(MetadataColumns.FILE_PATH, MetadataColumns.ROW_POSITION));
        try (CloseableIterable<Record> read = IcebergGenerics.read(table).useSnapshot(snapshotId)
                .project(projection).build()) {
            for (Record r : read) {
                Record values = org.apache.iceberg.data.GenericRecord.create(schema);
                for (int i = 0; i < schema.columns().size(); i++) {
                    values.set(i, r.getField(schema.columns().get(i).name()));
                }
                rows.add(new SourceRow(r.getField(MetadataColumns.FILE_PATH.name()).toString(),
                        (Long) r.getField(MetadataColumns.ROW_POSITION.name()), values));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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

    /** Names follow the commit that adds the file, so a table written twice the same way has the same names. */
    private EncryptedOutputFile newFile(String kind) {
        table.refresh();
        int commit = 1 + (table.currentSnapshot() == null ? 0 : (int) table.currentSnapshot().sequenceNumber());
        String name = String.format("%05d-%s.%s", commit, kind, format().name().toLowerCase());
        return EncryptedFiles.plainAsEncryptedOutput(
                table.io().newOutputFile(table.locationProvider().newDataLocation(name)));
    }
}
