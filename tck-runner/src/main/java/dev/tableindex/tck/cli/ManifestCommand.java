package dev.tableindex.tck.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.manifest.ManifestFormatException;
import dev.tableindex.model.manifest.ManifestProblem;
import dev.tableindex.model.manifest.ManifestReader;
import dev.tableindex.model.manifest.ManifestSummary;
import dev.tableindex.model.manifest.StreamedManifest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code tck manifest PATH [--version N]}: one manifest as normalized JSON. */
@Command(name = "manifest",
        description = {"Print a Lance manifest as one JSON object (the normalized view golden files use), or with "
                + "--format markdown as tables of its fragments and indices, ready to paste into a spec.",
            "PATH is a manifest file or a dataset folder (its latest version, or --version)."})
final class ManifestCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PATH", description = "A *.manifest file or a Lance dataset folder.")
    Path path;

    // no standard help mixin: its --version (the kit's version) would take the place of this command's own --version
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    boolean help;

    @Option(names = "--version", paramLabel = "N", description = "The version to read from a dataset folder.")
    Long version;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "json",
            description = "Json or markdown (default: ${DEFAULT-VALUE}); text is json here.")
    OutputFormat format;

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
        if (format == OutputFormat.markdown) {
            markdown(ManifestSummary.members(manifest.manifest(), manifest.fragments(), manifest.segments(),
                    manifest.topLevelIndexes()), out);
            return 0;
        }
        try (JsonGenerator json = OutputFormat.json(out)) {
            ManifestSummary.write(manifest.manifest(), manifest.fragments(), manifest.segments(), manifest.topLevelIndexes(),
                    json);
        }
        out.println();
        return 0;
    }

    /**
     * The summary's scalar fields (and its empty lists), then one table per list of objects (fragments, indices), each
     * field of its first object a column; the lists' objects are printed as they are read.
     */
    static void markdown(List<ManifestSummary.Member> summary, PrintWriter out) {
        List<List<String>> fields = new ArrayList<>();
        List<ManifestSummary.Member> lists = new ArrayList<>();
        for (ManifestSummary.Member member : summary) {
            if (member.list() == null) {
                fields.add(List.of(member.name(), "`" + member.value() + "`"));
            } else if (member.list().isEmpty()) {
                fields.add(List.of(member.name(), "`[]`"));
            } else {
                lists.add(member);
            }
        }
        out.print(OutputFormat.markdownTable(List.of("field", "value"), fields));
        for (ManifestSummary.Member list : lists) {
            out.print("\n" + list.name() + ":\n\n");
            List<String> columns = null;
            for (ObjectNode item : list.list().items()) {
                if (columns == null) {
                    columns = new ArrayList<>();
                    item.fieldNames().forEachRemaining(columns::add);
                    OutputFormat.markdownHeader(out, columns);
                }
                OutputFormat.markdownRow(out, columns.stream().map(c -> {
                    JsonNode v = item.path(c);
                    return v.isTextual() ? v.asText() : v.toString();
                }).toList());
            }
        }
    }
}
