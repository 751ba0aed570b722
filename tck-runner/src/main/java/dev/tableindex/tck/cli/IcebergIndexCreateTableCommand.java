package dev.tableindex.tck.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tableindex.model.iceberg.table.TableScript;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code tck iceberg-index create-table SCRIPT DIR}: a real Iceberg source table, written by Iceberg 1.12. */
@Command(name = "create-table", mixinStandardHelpOptions = true,
        description = {"Make a real Iceberg table (Iceberg 1.12, local folder) from a table script (JSON: format, "
            + "schema, commits of appends and position or equality deletes); print each commit's snapshot id."})
final class IcebergIndexCreateTableCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCRIPT", description = "The table script (docs/iceberg-index.md).")
    Path script;

    @Parameters(index = "1", paramLabel = "DIR", description = "A folder that does not hold a table yet.")
    Path folder;

    @Override
    public Integer call() {
        List<Long> snapshots;
        try {
            snapshots = TableScript.create(new ObjectMapper().readTree(Files.readAllBytes(script)), folder);
        } catch (IOException e) {
            spec.commandLine().getErr().println("error: " + script + ": cannot read: " + e.getMessage());
            return TckCli.EXIT_BAD_INPUT;
        } catch (RuntimeException e) {
            spec.commandLine().getErr().println("error: " + script + ": " + e.getMessage());
            return TckCli.EXIT_BAD_INPUT;
        }
        for (int i = 0; i < snapshots.size(); i++) {
            spec.commandLine().getOut().println("commit " + i + ": snapshot " + snapshots.get(i));
        }
        return 0;
    }
}
