package dev.tableindex.tck.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/traceability.md is generated; it must say what the current suite covers. */
class TraceabilityDocumentTest {
    @Test
    void theCommittedTraceabilityReportIsCurrent() throws Exception {
        Path committed = Path.of(System.getProperty("tck.golden.dir", "../golden-files")).resolveSibling("docs/traceability.md");
        String current = Traceability.report(FeatureSuite.load(), SpecDocuments.load());
        assertThat(Files.readString(committed))
                .as("docs/traceability.md is stale: regenerate it with ./tck trace > docs/traceability.md")
                .isEqualTo(current);
    }
}
