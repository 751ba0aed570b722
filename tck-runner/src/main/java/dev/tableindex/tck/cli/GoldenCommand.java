package dev.tableindex.tck.cli;

import dev.tableindex.tck.golden.GoldenFiles;
import dev.tableindex.tck.golden.GoldenIndexFilesCase;
import dev.tableindex.tck.golden.IcebergIndexMetadataCorpus;
import dev.tableindex.tck.golden.GoldenManifestCase;
import dev.tableindex.tck.golden.InvalidManifestCorpus;
import dev.tableindex.tck.golden.ReferenceTableCase;
import dev.tableindex.tck.golden.ReferenceTableCases;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code tck golden}: reads every golden file with the reference model and reports case by case. */
@Command(name = "golden", mixinStandardHelpOptions = true,
        description = {"Check the reference model against every golden file: each manifest written by a real "
            + "writer must read as its expected.json, each table the reference model wrote as its expected.json "
            + "(manifests and reader), and each invalid manifest must give its expected error."})
final class GoldenCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--golden-dir", paramLabel = "DIR", description = "Golden-files folder (default: ./golden-files).")
    Path goldenDir;

    @Option(names = "--write-invalid-corpus",
            description = "First (re)write invalid-manifests/ from the recipes in its expected-errors.json.")
    boolean writeInvalidCorpus;

    @Option(names = "--write-reference-tables",
            description = "First (re)write reference-tables/ with the reference model (deterministic; expected.json"
                    + " is kept: it is written by hand).")
    boolean writeReferenceTables;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        GoldenFiles golden = goldenDir != null ? new GoldenFiles(goldenDir) : GoldenFiles.locate();
        if (writeInvalidCorpus) {
            golden.invalidManifests().writeAll();
        }
        if (writeReferenceTables) {
            ReferenceTableCases.writeAll(golden.root().resolve(GoldenFiles.REFERENCE_TABLES));
        }
        int passed = 0;
        int failed = 0;
        out.println("Golden manifests written by real writers (" + golden.root().resolve(GoldenFiles.LANCE_MANIFESTS) + "):");
        for (GoldenManifestCase goldenCase : golden.manifestCases()) {
            List<String> problems = goldenCase.check();
            if (report(out, goldenCase.id(), problems)) {
                passed++;
            } else {
                failed++;
            }
        }
        out.println("Index files written by real Lance, read by the kit as Lance's own reader read them ("
                + golden.root().resolve(GoldenFiles.LANCE_INDEX_FILES) + "):");
        for (GoldenIndexFilesCase goldenCase : golden.indexFilesCases()) {
            if (report(out, goldenCase.id(), goldenCase.check())) {
                passed++;
            } else {
                failed++;
            }
        }
        out.println("Golden tables written by the reference model, read as manifests and by the reader ("
                + golden.root().resolve(GoldenFiles.REFERENCE_TABLES) + "):");
        for (ReferenceTableCase goldenCase : golden.referenceTableCases()) {
            if (report(out, goldenCase.id(), goldenCase.check())) {
                passed++;
            } else {
                failed++;
            }
        }
        InvalidManifestCorpus invalid = golden.invalidManifests();
        out.println("Invalid manifests, each with its expected error (" + invalid.folder() + "):");
        for (InvalidManifestCorpus.Entry entry : invalid.entries()) {
            if (report(out, entry.file() + " -> " + entry.problem() + " at offset " + entry.offset(),
                    invalid.check(entry))) {
                passed++;
            } else {
                failed++;
            }
        }
        IcebergIndexMetadataCorpus iceberg = new IcebergIndexMetadataCorpus(golden.root().resolve(IcebergIndexMetadataCorpus.FOLDER));
        out.println("Iceberg index metadata files, valid (no violation, expected reading) and invalid (expected violations) ("
                + iceberg.folder() + "):");
        for (String file : iceberg.files()) {
            if (report(out, file, iceberg.check(file))) {
                passed++;
            } else {
                failed++;
            }
        }
        out.println(passed + " passed, " + failed + " failed");
        return failed == 0 && passed > 0 ? 0 : TckCli.EXIT_FAILED_CHECKS;
    }

    private static boolean report(PrintWriter out, String id, List<String> problems) {
        out.println("  " + (problems.isEmpty() ? "PASS " : "FAIL ") + id);
        problems.forEach(p -> out.println("       " + p));
        return problems.isEmpty();
    }
}
