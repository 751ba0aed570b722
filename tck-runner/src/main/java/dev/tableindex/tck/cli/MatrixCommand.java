package dev.tableindex.tck.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.tck.integrity.RulesCatalogue;
import dev.tableindex.tck.matrix.ConformanceMatrix;
import dev.tableindex.tck.matrix.MatrixPages;
import dev.tableindex.tck.run.BuildInfo;
import dev.tableindex.tck.run.TckReport;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tck matrix REPORT... (--out DIR | --check DIR)}: every engine's outcomes side by side, from their reports. */
@Command(name = "matrix", mixinStandardHelpOptions = true,
        description = "Render engines' tck-report.json files as one conformance matrix: matrix.md, matrix.html and a badge per"
                + " engine (badges/), per scenario, per rule of features/rules/ and per area.")
final class MatrixCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "REPORT", description = "tck-report.json files, one per engine, in column order")
    List<Path> reports;

    @ArgGroup(multiplicity = "1")
    Target target;

    static final class Target {
        @Option(names = "--out", paramLabel = "DIR", required = true, description = "write the pages into DIR")
        Path out;

        @Option(names = "--check", paramLabel = "DIR", required = true,
                description = "exit 1 unless DIR holds exactly these pages (as committed: docs/conformance)")
        Path check;
    }

    @Override
    public Integer call() {
        List<JsonNode> read = reports.stream().map(TckReport::read).toList();
        // the rules come from this kit's suite: the reports must have judged that suite
        String digest = BuildInfo.current().featuresDigest();
        for (int i = 0; i < read.size(); i++) {
            String judged = read.get(i).path("tck").path("features_digest").asText();
            if (!judged.equals(digest)) {
                throw new IllegalArgumentException(reports.get(i) + ": judged another suite (features digest " + judged
                        + ") than this kit's (" + digest + "); run the engine again");
            }
        }
        ConformanceMatrix matrix = ConformanceMatrix.of(read, reports.stream().map(Path::toString).toList(), RulesCatalogue.load());
        if (target.check != null) {
            List<String> problems = MatrixPages.check(matrix, target.check);
            if (problems.isEmpty()) {
                spec.commandLine().getOut().println(target.check + ": the matrix is current");
                return 0;
            }
            problems.forEach(spec.commandLine().getErr()::println);
            spec.commandLine().getErr().println("regenerate it with: tck matrix " + String.join(" ", reports.stream().map(Path::toString).toList())
                    + " --out " + target.check);
            return TckCli.EXIT_FAILED_CHECKS;
        }
        MatrixPages.write(matrix, target.out);
        spec.commandLine().getOut().println(target.out + ": matrix of " + matrix.engines().size() + " engines, "
                + matrix.scenarios().size() + " scenarios, " + matrix.rules().size() + " rules");
        return 0;
    }
}
