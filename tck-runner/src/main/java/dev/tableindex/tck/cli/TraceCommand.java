package dev.tableindex.tck.cli;

import dev.tableindex.tck.integrity.FeatureSuite;
import dev.tableindex.tck.integrity.SpecDocuments;
import dev.tableindex.tck.integrity.SuiteIntegrity;
import dev.tableindex.tck.integrity.Traceability;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code tck trace}: which scenarios cover which spec sections, and which sections none covers. */
@Command(name = "trace", mixinStandardHelpOptions = true,
        description = {"Print the traceability report (spec section -> scenario ids, and uncovered sections).",
            "Exit 1 when the suite fails its integrity checks (ids, spec links, levels, capabilities)."})
final class TraceCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "JSON instead of Markdown.")
    boolean json;

    @Override
    public Integer call() {
        FeatureSuite suite = FeatureSuite.load();
        SpecDocuments documents = SpecDocuments.load();
        spec.commandLine().getOut().print(json ? Traceability.reportJson(suite, documents) : Traceability.report(suite, documents));
        List<String> violations = SuiteIntegrity.check(suite, documents);
        violations.forEach(v -> spec.commandLine().getErr().println("integrity: " + v));
        return violations.isEmpty() ? 0 : TckCli.EXIT_FAILED_CHECKS;
    }
}
