package dev.tableindex.tck.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.manifest.ManifestFormatException;
import dev.tableindex.model.manifest.ManifestProblem;
import dev.tableindex.model.manifest.ManifestReader;
import dev.tableindex.model.manifest.ManifestSummary;
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
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PATH", description = "a *.manifest file or a Lance dataset folder")
    Path path;

    @Option(names = "--version", paramLabel = "N", description = "version to read from a dataset folder")
    Long version;

    @Override
    public Integer call() throws Exception {
        ManifestFile manifest;
        if (Files.isDirectory(path)) {
            LanceDatasetFolder folder = LanceDatasetFolder.open(path);
            manifest = version == null ? folder.readLatest() : folder.read(version);
        } else if (Files.exists(path)) { // a file, or a device such as /dev/null: the reader judges its bytes
            if (version != null) {
                throw new ManifestFormatException(ManifestProblem.NOT_A_DATASET, path.toString(), -1,
                        "--version needs a dataset folder, not a manifest file");
            }
            manifest = ManifestReader.read(path);
        } else {
            throw new ManifestFormatException(ManifestProblem.IO, path.toString(), -1, "no such file or folder");
        }
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        spec.commandLine().getOut().println(json.writeValueAsString(ManifestSummary.of(manifest)));
        return 0;
    }
}
