package dev.tableindex.tck.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.manifest.ManifestFormatException;
import dev.tableindex.model.manifest.ManifestProblem;
import dev.tableindex.model.manifest.ManifestReader;
import dev.tableindex.model.manifest.ManifestSummary;
import dev.tableindex.model.manifest.StreamedManifest;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code tck manifest PATH [--version N]}: one manifest as normalized JSON. */
@Command(name = "manifest", mixinStandardHelpOptions = true,
        description = {"Print a Lance manifest as one JSON object (the normalized view golden files use).",
            "PATH is a manifest file or a dataset folder (its latest version, or --version)."})
final class ManifestCommand implements Callable<Integer> {
    private static final JsonFactory JSON = new JsonFactory().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PATH", description = "a *.manifest file or a Lance dataset folder")
    Path path;

    @Option(names = "--version", paramLabel = "N", description = "version to read from a dataset folder")
    Long version;

    @Override
    public Integer call() throws Exception {
        Path file;
        if (Files.isDirectory(path)) {
            LanceDatasetFolder folder = LanceDatasetFolder.open(path);
            file = folder.entry(version == null ? folder.latestVersion() : version).path();
        } else if (Files.exists(path)) { // a file, or a device such as /dev/null: the reader judges its bytes
            if (version != null) {
                throw new ManifestFormatException(ManifestProblem.NOT_A_DATASET, path.toString(), -1,
                        "--version needs a dataset folder, not a manifest file");
            }
            file = path;
        } else {
            throw new ManifestFormatException(ManifestProblem.IO, path.toString(), -1, "no such file or folder");
        }
        // checked whole first, then printed entry by entry: memory of the order of the file, never a partial answer
        StreamedManifest manifest = ManifestReader.stream(file);
        manifest.check();
        PrintWriter out = spec.commandLine().getOut();
        try (JsonGenerator json = JSON.createGenerator(out).useDefaultPrettyPrinter()) {
            ManifestSummary.write(manifest.manifest(), manifest.segments(), manifest.topLevelIndexes(), json);
        }
        out.println();
        return 0;
    }
}
