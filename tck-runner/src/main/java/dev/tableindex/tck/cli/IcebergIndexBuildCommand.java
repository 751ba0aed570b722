package dev.tableindex.tck.cli;

import dev.tableindex.model.iceberg.data.FieldStats;
import dev.tableindex.model.iceberg.data.IndexDataBuilder;
import dev.tableindex.model.iceberg.data.IndexValues;
import dev.tableindex.model.iceberg.data.TrackingEntry;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.metadata.IndexPaths;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceTable;
import dev.tableindex.model.io.FileProblems;
import dev.tableindex.model.json.KitJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.iceberg.FileFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code tck iceberg-index build}: the reference builder's index snapshot of a table snapshot, for spec examples:
 * range files and a tracking file under the index location, and a new metadata file with the snapshot added.
 */
@Command(name = "build", mixinStandardHelpOptions = true,
        description = {"Build an index snapshot of an Iceberg table snapshot with the reference model: range files and "
            + "a tracking file under <location>/data, and a new metadata file (--out) listing the snapshot. Prints "
            + "each tracking file entry: file, rows, group_max_value key."})
final class IcebergIndexBuildCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--table", required = true, paramLabel = "DIR", description = "The Iceberg source table folder.")
    Path tableDir;

    @Option(names = "--metadata", required = true, paramLabel = "FILE",
            description = "The index metadata file with the index definition; its location must be a local file: URI.")
    Path metadataFile;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The new metadata file to write.")
    Path out;

    @Option(names = "--location", paramLabel = "DIR",
            description = "Write the index here instead of the metadata file's location (its location is replaced).")
    Path location;

    @Option(names = "--snapshot", paramLabel = "ID", description = "The table snapshot (default: current).")
    Long snapshot;

    @Option(names = "--format", paramLabel = "parquet|avro|orc", defaultValue = "parquet",
            description = "Range file format (default: parquet).")
    String format;

    @Option(names = "--rows-per-file", paramLabel = "N", defaultValue = "1000",
            description = "About how many entries per range file; a key group is never split (default: 1000).")
    int rowsPerFile;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (!List.of("parquet", "avro", "orc").contains(format)) {
            err.println("error: --format: '" + format + "' is not a range file format (parquet, avro, orc)");
            return TckCli.EXIT_BAD_INPUT;
        }
        IndexMetadata metadata;
        try {
            metadata = IndexMetadataJson.read(KitJson.readBytes(metadataFile));
        } catch (RuntimeException e) {
            err.println("error: " + metadataFile + ": " + FileProblems.describe(e));
            return TckCli.EXIT_BAD_INPUT;
        }
        // --out is checked before anything is written, so that a bad one leaves no range or tracking files behind
        Path outFolder = out.toAbsolutePath().getParent();
        if (Files.isDirectory(out) || outFolder == null || !Files.isDirectory(outFolder) || !Files.isWritable(outFolder)
                || Files.exists(out) && !Files.isWritable(out)) {
            err.println("error: " + out + ": cannot write the metadata file here ("
                    + (Files.isDirectory(out) ? "it is a folder" : outFolder == null || !Files.isDirectory(outFolder)
                    ? "no such folder" : "permission denied") + ")");
            return TckCli.EXIT_BAD_INPUT;
        }
        if (location != null) {
            metadata = new IndexMetadata(metadata.formatVersion(), metadata.indexUuid(), metadata.tableUuid(),
                    LocalFileIO.uri(location), metadata.lastUpdatedMs(), metadata.definition(), metadata.properties(),
                    metadata.snapshots(), metadata.metadataLog(), metadata.encryptionKeys());
        }
        if (!metadata.location().startsWith("file:")) {
            err.println("error: " + metadataFile + ": location: not a local file: URI: " + metadata.location());
            return TckCli.EXIT_BAD_INPUT;
        }
        IndexDataBuilder.Built built;
        long source;
        try {
            SourceTable table = SourceTable.load(tableDir);
            source = snapshot != null ? snapshot : table.currentSnapshotId();
            if (table.table().snapshot(source) == null) {
                err.println("error: " + tableDir + ": no snapshot " + source);
                return TckCli.EXIT_BAD_INPUT;
            }
            Path data = LocalFileIO.path(metadata.location()).resolve("data");
            String name = "snapshot-" + source + "-" + (metadata.snapshots().size() + 1);
            built = IndexDataBuilder.build(metadata.definition(), table, source, data, name,
                    new IndexDataBuilder.Options(FileFormat.fromString(format), rowsPerFile));
        } catch (RuntimeException e) {
            err.println("error: " + tableDir + ": " + FileProblems.describe(e));
            return TckCli.EXIT_BAD_INPUT;
        }
        long nextId = metadata.snapshots().stream().mapToLong(IndexSnapshot::snapshotId).max().orElse(0) + 1;
        String tracking = IndexPaths.relativize(metadata.location(), LocalFileIO.uri(built.trackingFile()));
        IndexMetadata updated = metadata.withSnapshot(IndexSnapshot.of(nextId, source, System.currentTimeMillis(),
                tracking)).withLastUpdatedMs(System.currentTimeMillis());
        try {
            Files.write(out, IndexMetadataJson.toBytes(updated));
        } catch (IOException e) {
            removeWritten(built);
            err.println("error: " + out + ": cannot write: " + FileProblems.describe(e));
            return TckCli.EXIT_BAD_INPUT;
        }
        PrintWriter o = spec.commandLine().getOut();
        o.println("index snapshot " + nextId + " of table snapshot " + source + ": " + tracking);
        for (TrackingEntry entry : built.entries()) {
            List<Object> key = new ArrayList<>();
            for (int id : metadata.definition().clusterSpec()) {
                FieldStats stats = entry.contentStats().get(id);
                key.add(stats == null ? null : stats.groupMaxValue());
            }
            o.println("  " + IndexPaths.relativize(metadata.location(), entry.filePath()) + ": "
                    + entry.recordCount() + " rows, group_max_value " + IndexValues.exact(key));
        }
        return 0;
    }

    /** The range and tracking files of a snapshot whose metadata file could not be written: nothing refers to them. */
    private static void removeWritten(IndexDataBuilder.Built built) {
        List<Path> written = new ArrayList<>();
        built.entries().forEach(entry -> written.add(LocalFileIO.path(entry.filePath())));
        written.add(built.trackingFile());
        for (Path file : written) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // best effort: the error about --out is what the user must see
            }
        }
    }
}
