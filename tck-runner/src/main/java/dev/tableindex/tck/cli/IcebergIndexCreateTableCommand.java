package dev.tableindex.tck.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.iceberg.table.TableScript;
import dev.tableindex.model.io.FileProblems;
import dev.tableindex.model.json.JsonInputException;
import dev.tableindex.model.json.KitJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

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
        JsonNode tableScript;
        try {
            tableScript = KitJson.read(script);
        } catch (JsonInputException e) {
            return error(script, e.getMessage());
        }
        // the folder's own problems name the folder, not the script
        if (Files.exists(folder.resolve("metadata"))) {
            return error(folder, "a table already exists here");
        }
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            return error(folder, "cannot make the table folder: " + FileProblems.describe(e));
        } catch (InvalidPathException e) {
            return error(folder, "not a path this machine can have (" + e.getReason() + ")");
        }
        try {
            snapshots = TableScript.create(tableScript, folder);
        } catch (UncheckedIOException e) {
            return error(folder, "cannot write the table: " + FileProblems.describe(e));
        } catch (RuntimeException e) {
            return error(script, FileProblems.describe(e));
        }
        for (int i = 0; i < snapshots.size(); i++) {
            spec.commandLine().getOut().println("commit " + i + ": snapshot " + snapshots.get(i));
        }
        return 0;
    }

    private int error(Path file, String message) {
        spec.commandLine().getErr().println("error: " + file + ": " + message.replaceAll("[\\r\\n]+", " "));
        return TckCli.EXIT_BAD_INPUT;
    }
}
