package dev.tableindex.tck.cli;

import dev.tableindex.model.json.KitJson;
import dev.tableindex.model.io.FileProblems;
import dev.tableindex.model.iceberg.data.DataViolation;
import dev.tableindex.model.iceberg.data.IndexDataChecker;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.model.iceberg.table.SourceTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code tck iceberg-index check-data METADATA [--table DIR]}: the index data checker over every index snapshot
 * of a metadata file, reading the tracking file and range files themselves; exit 1 on violations.
 */
@Command(name = "check-data", mixinStandardHelpOptions = true,
        description = {"Check the index data (tracking files, range files) of every snapshot of an index metadata "
            + "file; print every violation as '<file>: <field>: <message> [<RULE>]'. With --table, also check that "
            + "each snapshot indexes exactly the live rows of its source table snapshot. Exit 0 valid, 1 violations, "
            + "2 unreadable input."})
final class IcebergIndexCheckDataCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "METADATA", description = "An index metadata file (JSON).")
    Path metadataFile;

    @Option(names = "--table", paramLabel = "DIR", description = "The Iceberg source table folder.")
    Path tableDir;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        IndexMetadata metadata;
        try {
            metadata = IndexMetadataJson.read(KitJson.readBytes(metadataFile));
        } catch (RuntimeException e) {
            err.println("error: " + metadataFile + ": " + FileProblems.describe(e));
            return TckCli.EXIT_BAD_INPUT;
        }
        Optional<SourceTable> table;
        try {
            table = tableDir == null ? Optional.empty() : Optional.of(SourceTable.load(tableDir));
        } catch (RuntimeException e) {
            err.println("error: " + tableDir + ": " + FileProblems.describe(e));
            return TckCli.EXIT_BAD_INPUT;
        }
        IndexDataChecker checker = new IndexDataChecker(metadata, table);
        List<DataViolation> all = new ArrayList<>();
        for (IndexSnapshot snapshot : metadata.snapshots()) {
            if (table.isPresent() && table.get().table().snapshot(snapshot.sourceTableSnapshotId()) == null) {
                err.println("error: " + tableDir + ": no snapshot " + snapshot.sourceTableSnapshotId()
                        + " (source-table-snapshot-id of index snapshot " + snapshot.snapshotId() + ")");
                return TckCli.EXIT_BAD_INPUT;
            }
            List<DataViolation> found = checker.check(snapshot);
            found.forEach(out::println);
            all.addAll(found);
        }
        String scope = table.isEmpty() ? " (live rows not checked: no --table)" : "";
        if (all.isEmpty()) {
            out.println(metadataFile + ": index data of " + metadata.snapshots().size() + " snapshot(s) valid" + scope);
            return 0;
        }
        out.println(metadataFile + ": " + all.size() + (all.size() == 1 ? " violation" : " violations") + scope);
        return TckCli.EXIT_FAILED_CHECKS;
    }
}
