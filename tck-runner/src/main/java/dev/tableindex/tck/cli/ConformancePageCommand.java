package dev.tableindex.tck.cli;

import dev.tableindex.tck.run.ConformancePage;
import dev.tableindex.tck.run.TckReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code tck conformance-page REPORT [--out FILE]}: an engine's conformance page, from its report. */
@Command(name = "conformance-page", mixinStandardHelpOptions = true,
        description = "Render a tck-report.json as the engine's conformance page (Markdown).")
final class ConformancePageCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "REPORT", description = "A tck-report.json.")
    Path report;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the page here instead of standard output.")
    Path out;

    @Option(names = "--check", paramLabel = "FILE",
            description = "Exit 1 unless FILE is this page (the rows naming the run itself aside).")
    Path check;

    @Override
    public Integer call() throws IOException {
        String page = ConformancePage.render(TckReport.read(report));
        if (check != null) {
            String committed = Files.readString(check, StandardCharsets.UTF_8);
            if (ConformancePage.comparable(committed).equals(ConformancePage.comparable(page))) {
                spec.commandLine().getOut().println(check + " is current");
                return 0;
            }
            spec.commandLine().getErr().println(check + " does not match this run's report; regenerate it with"
                    + " tck conformance-page " + report + " --out " + check);
            return TckCli.EXIT_FAILED_CHECKS;
        }
        if (out == null) {
            spec.commandLine().getOut().print(page);
        } else {
            if (out.getParent() != null) {
                Files.createDirectories(out.getParent());
            }
            Files.writeString(out, page, StandardCharsets.UTF_8);
        }
        return 0;
    }
}
