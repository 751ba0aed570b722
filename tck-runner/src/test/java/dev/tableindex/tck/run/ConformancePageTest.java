package dev.tableindex.tck.run;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class ConformancePageTest {
    private static final String REPORT = """
            {"tck": {"version": "0.2.0", "git_commit": "0123456789abcdef0123", "features_digest": "ab"},
             "engine": {"name": "lance", "version": "7.0.0", "capabilities": ["table.lifecycle"]},
             "run": {"started_at": "2026-11-30T08:00:00Z", "known_failures_file": "known-failures-7.0.0.yaml"},
             "verdict": "PASSED", "summary": "TCK PASSED: 1 pass",
             "counts": {"must": {"PASS": 1, "EXPECTED_FAIL": 1}, "should": {"UNSUPPORTED": 2}},
             "scenarios": [
               {"id": "IL-0001", "name": "An index on an empty table", "level": "must", "outcome": "PASS",
                "message": "", "requires": ["table.lifecycle"], "spec": ["lance-index-v2-design.md#goals"]},
               {"id": "IM-0003", "name": "Unknown writer flag | delete", "level": "must", "outcome": "EXPECTED_FAIL",
                "message": "the engine did it", "known_failure_reason": "7.0.0 checks writer flags only on insert",
                "requires": ["table.lifecycle"], "spec": ["lance-table.proto#Manifest.writer_feature_flags"]},
               {"id": "KE-0001#1", "name": "vector 1", "level": "should", "outcome": "UNSUPPORTED",
                "message": "", "requires": ["key_encoding"], "spec": []},
               {"id": "KE-0001#2", "name": "vector 2", "level": "should", "outcome": "UNSUPPORTED",
                "message": "", "requires": ["key_encoding"], "spec": []}
             ]}
            """;

    @Test
    void thePageSaysWhatTheReportSays() throws Exception {
        JsonNode report = new ObjectMapper().readTree(REPORT);
        String page = ConformancePage.render(report);
        assertTrue(page.startsWith("# Conformance: lance 7.0.0\n"), page);
        assertTrue(page.contains("| Verdict | **PASSED** |"), page);
        assertTrue(page.contains("0.2.0 (commit `0123456789ab`)"), page);
        assertTrue(page.contains("| must | 1 | 0 | 0 | 1 | 0 | 0 | 0 | 0 |"), page);
        assertTrue(page.contains("| `table.lifecycle` | yes | 2 | 1 |"), page);
        assertTrue(page.contains("| `key_encoding` | no | 2 | 0 |"), page);
        assertTrue(page.contains("## Known failures (1)"), page);
        // A pipe in a scenario name must not break the table; the reason and what was observed are both shown.
        assertTrue(page.contains("| IM-0003 | must | Unknown writer flag \\| delete | lance-table.proto#Manifest.writer_feature_flags"
                + " | 7.0.0 checks writer flags only on insert — observed: the engine did it |"), page);
        assertTrue(page.contains("| `key_encoding` | 2 | KE-0001 (2 rows) |"), page);
        assertTrue(page.contains("## Failures (must) (0)\n\nNone."), page);
        assertTrue(page.contains("## Passed (1)\n\n| id | level | scenario |\n|---|---|---|\n| IL-0001 | must | An index on an empty table |"), page);
        assertFalse(page.contains("null"), page);
    }

    /** A native abort's stderr (addresses, thread ids) differs run by run: the page leaves it to the report. */
    @Test
    void aBrokenEnginesStderrStaysInTheReport() throws Exception {
        String report = REPORT.replace("\"message\": \"the engine did it\"", "\"message\": \"EngineBroken: engine exited before the"
                + " reply to request 7; exit code 134; stderr ends: 8: 0x7f6675bec24e - core::panicking | aborting.\"");
        String page = ConformancePage.render(new ObjectMapper().readTree(report));
        assertTrue(page.contains("— observed: EngineBroken: engine exited before the reply to request 7; exit code 134; its stderr"
                + " is in the report |"), page);
        assertFalse(page.contains("0x7f6675bec24e"), page);
    }

    @Test
    void pagesOfTwoRunsCompareWithoutTheRowsNamingTheRun() throws Exception {
        String first = ConformancePage.render(new ObjectMapper().readTree(REPORT));
        String second = ConformancePage.render(new ObjectMapper().readTree(
                REPORT.replace("0123456789abcdef0123", "fedcba9876543210fedc").replace("08:00:00Z", "09:30:00Z")));
        String otherOutcome = ConformancePage.render(new ObjectMapper().readTree(
                REPORT.replace("\"outcome\": \"EXPECTED_FAIL\"", "\"outcome\": \"FAIL\"")));
        assertFalse(first.equals(second));
        assertTrue(ConformancePage.comparable(first).equals(ConformancePage.comparable(second)));
        assertFalse(ConformancePage.comparable(first).equals(ConformancePage.comparable(otherOutcome)));
    }
}
