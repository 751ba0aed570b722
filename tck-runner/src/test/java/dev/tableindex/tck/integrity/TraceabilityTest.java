package dev.tableindex.tck.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tableindex.tck.integrity.Traceability.Row;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class TraceabilityTest {

    private static final SpecDocuments SPEC = SpecDocuments.of(Map.of(
            "doc.md", "# Doc\n## Reading\n## Writing\n",
            "t.proto", String.join("\n",
                    "message Manifest { optional uint64 index_section = 6; uint64 version = 3; }",
                    "message IndexFile { string path = 1; }",
                    "message DataFragment { uint64 id = 1; uint64 physical_rows = 4; }",
                    "message Unrelated { uint64 x = 1; }",
                    "enum Status { ACTIVE = 0; SEALED = 1; }",
                    "")));

    private static final FeatureSuite SUITE = FeatureSuite.of(Map.of("reading/a.feature", String.join("\n",
            "Feature: Reading",
            "",
            "  @id:MR-0002 @spec:doc.md#reading @spec:t.proto#DataFragment.id @level:must @requires:manifest.read",
            "  Scenario: two",
            "    Given a",
            "",
            "  @id:MR-0001 @spec:doc.md#reading @spec:t.proto#Status.SEALED @level:must @requires:manifest.read",
            "  Scenario: one",
            "    Given a",
            "",
            "  @id:MR-0003 @spec:doc.md#nowhere @level:must @requires:manifest.read",
            "  Scenario: three",
            "    Given a",
            "")));

    private static Map<String, List<String>> covered(String file) {
        return Traceability.rows(SUITE, SPEC).get(file).stream().collect(Collectors.toMap(
                r -> r.section().anchor(), Row::scenarios, (a, b) -> a, java.util.LinkedHashMap::new));
    }

    @Test
    void everyMarkdownHeadingIsARowWithTheScenariosCitingIt() {
        Map<String, List<String>> md = covered("doc.md");
        assertThat(md.keySet()).containsExactly("doc", "reading", "writing");
        assertThat(md.get("reading")).containsExactly("MR-0001", "MR-0002");
        assertThat(md.get("doc")).isEmpty();
        assertThat(md.get("writing")).isEmpty();
    }

    @Test
    void protoRowsAreTheCitedAnchorsPlusTheIndexMessagesAndTheirFields() {
        Map<String, List<String>> proto = covered("t.proto");
        assertThat(proto.keySet()).containsExactly("Manifest", "Manifest.index_section", "Manifest.version",
                "IndexFile", "IndexFile.path", "DataFragment.id", "Status.SEALED");
        assertThat(proto.get("DataFragment.id")).containsExactly("MR-0002");
        assertThat(proto.get("Status.SEALED")).containsExactly("MR-0001");
        assertThat(proto.get("Manifest")).isEmpty();
    }

    @Test
    void unresolvedCitationsAreListed() {
        assertThat(Traceability.unresolved(SUITE, SPEC)).containsExactly(
                new Traceability.Unresolved("MR-0003", "features/reading/a.feature:12", "doc.md#nowhere"));
    }

    @Test
    void theMarkdownReportSaysItIsGeneratedAndShowsGaps() {
        String md = Traceability.report(SUITE, SPEC);
        assertThat(md).startsWith("# Traceability").contains("Generated, do not edit").contains("./tck trace > docs/traceability.md");
        assertThat(md).contains("| `doc.md` | 3 | 1 | 2 |");
        assertThat(md).contains("| &nbsp;&nbsp;Reading | `#reading` | MR-0001, MR-0002 |");
        assertThat(md).contains("Not covered (2 of 3): `#doc`, `#writing`");
        assertThat(md).contains("| MR-0003 | `features/reading/a.feature:12` | `doc.md#nowhere` |");
        assertThat(md).contains("| &nbsp;&nbsp;field Manifest.version (uint64 = 3) | `#Manifest.version` | — |");
    }

    @Test
    void theJsonReportHasTheSameContent() throws Exception {
        JsonNode json = new ObjectMapper().readTree(Traceability.reportJson(SUITE, SPEC));
        assertThat(json.get("scenarios").asInt()).isEqualTo(3);
        JsonNode doc = json.get("documents").get(0);
        assertThat(doc.get("file").asText()).isEqualTo("doc.md");
        assertThat(doc.get("sections").get(1).get("citation").asText()).isEqualTo("doc.md#reading");
        assertThat(doc.get("sections").get(1).get("scenarios").toString()).isEqualTo("[\"MR-0001\",\"MR-0002\"]");
        assertThat(doc.get("uncovered").toString()).isEqualTo("[\"doc\",\"writing\"]");
        assertThat(json.get("unresolved").get(0).get("citation").asText()).isEqualTo("doc.md#nowhere");
    }

    @Test
    void reportsOnTheShippedSuiteAndDocuments() {
        String md = Traceability.report(FeatureSuite.load(), SpecDocuments.load());
        assertThat(md).contains("## `lance-table.proto`").contains("`#IndexMetadata.fragment_bitmap`")
                .contains("`#IndexSection.indices`").contains("`#IndexFile.size_bytes`").contains("`#Manifest.branch`")
                .contains("## `lance-list-element-index.md`").contains("`#key-encoding`");
    }

    @Test
    void theReportCountsEachDocumentsCatalogueRulesByLevelAndWhetherAScenarioChecksThem() throws Exception {
        Map<String, String> files = new java.util.HashMap<>(Map.of("reading/a.feature", String.join("\n",
                "Feature: Reading", "",
                "  @id:MR-0001 @spec:doc.md#reading @level:must @requires:manifest.read",
                "  Scenario: one", "    Given a", "")));
        files.put("rules/doc.yaml", String.join("\n",
                "- {id: DOC-R001, spec: doc.md#reading, level: must, statement: x, scenarios: [MR-0001]}",
                "- {id: DOC-R002, spec: doc.md#reading, level: should, statement: x, scenarios: []}",
                "- {id: DOC-R003, spec: doc.md#writing, level: decision, statement: x, scenarios: []}",
                "- {id: DOC-R004, spec: doc.md#writing, level: non-normative, statement: x, scenarios: []}",
                "- {id: DOC-R005, spec: doc.md#writing, level: must, statement: x, scenarios: [], scope: out, why: y}", ""));
        FeatureSuite suite = FeatureSuite.of(files);
        assertThat(Traceability.report(suite, SPEC))
                .contains("[kill-matrix.md](kill-matrix.md#audit)")
                .contains("| `doc.md` | `features/rules/doc.yaml` | 5 | 2 | 1 | 0 | 1 | 1 | 1 | 1 | 3 |")
                .contains("| `t.proto` | none yet | | | | | | | | | |");
        JsonNode json = new ObjectMapper().readTree(Traceability.reportJson(suite, SPEC));
        assertThat(json.path("documents").get(0).path("rules").toString()).isEqualTo(
                "{\"catalogue\":\"features/rules/doc.yaml\",\"statements\":5,\"must\":2,\"should\":1,\"may\":0,"
                        + "\"decision\":1,\"non-normative\":1,\"out_of_scope\":1,\"checked\":1,\"unchecked\":3}");
        assertThat(json.path("documents").get(1).has("rules")).isFalse();
    }
}
