package dev.tableindex.tck.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rules catalogue (features/rules/*.yaml) against a small suite: what SuiteIntegrity reports. */
class CatalogueIntegrityTest {
    /** The bundled catalogue is read from the rules folder alone: the same rules as the suite's rules files give. */
    @Test
    void theBundledCatalogueHasTheRulesOfTheSuitesRulesFiles() {
        RulesCatalogue fromSuite = RulesCatalogue.of(FeatureSuite.load().rulesFiles(), SpecDocuments.load().files());
        assertThat(RulesCatalogue.load().rules()).isNotEmpty().isEqualTo(fromSuite.rules());
        assertThat(RulesCatalogue.load().problems()).isEqualTo(fromSuite.problems());
    }


    private static final SpecDocuments SPEC = SpecDocuments.of(Map.of(
            "doc.md", "# Doc\n## Reading\n## Writing\n",
            "other.md", "# Other\n",
            "t.proto", "message Manifest { optional uint64 index_section = 6; }\n"));

    /** MR-0001 must, MR-0002 should, MR-0003 must and @open, MR-0004 an outline of 2 rows (must), MR-0005 must on t.proto. */
    private static final String FEATURE = """
            Feature: Reading

              @id:MR-0001 @spec:doc.md#reading @level:must @requires:manifest.read
              Scenario: one
                Given a manifest

              @id:MR-0002 @spec:doc.md#reading @level:should @requires:manifest.read
              Scenario: two
                Given a manifest

              @id:MR-0003 @spec:doc.md#writing @level:must @requires:manifest.read @open
              Scenario: three
                Does a writer keep it? The spec does not say.

                Given a manifest

              @id:MR-0004 @spec:doc.md#writing @level:must @requires:manifest.read
              Scenario Outline: four
                Given a manifest <n>

                Examples:
                  | n |
                  | 1 |
                  | 2 |

              @id:MR-0005 @spec:t.proto#Manifest.index_section @level:must @requires:manifest.read
              Scenario: five
                Given a manifest
            """;

    private static final String CHANGELOG = "# Changelog\n\n## 0.1.0\n\n" + "- added MR-0001 x\n- added MR-0002 x\n"
            + "- added MR-0003 x\n- added MR-0004 x\n- added MR-0005 x\n";

    private static final String SOUND = """
            - id: DOC-R001
              spec: doc.md#reading
              level: must
              statement: "Readers must read it."
              scenarios: [MR-0001]
            - id: DOC-R002
              spec: doc.md#reading
              level: should
              statement: "Readers should say where."
              scenarios: [MR-0002, MR-0001]
            - id: DOC-R003
              spec: doc.md#writing
              level: must
              statement: "Writers must write it."
              scenarios: [MR-0004#2]
            - id: DOC-R004
              spec: doc.md#writing
              level: decision
              statement: "docs/decisions/0001: the kit keeps it."
              scenarios: [MR-0003]
            - id: DOC-R005
              spec: doc.md#writing
              level: may
              statement: "Writers may add more."
              scenarios: []
            """;

    private static List<String> check(Map<String, String> rules) {
        Map<String, String> files = new LinkedHashMap<>(rules);
        files.put("reading/a.feature", FEATURE);
        files.put("CHANGELOG.md", CHANGELOG);
        return SuiteIntegrity.check(FeatureSuite.of(files), SPEC);
    }

    @Test
    void aSoundCatalogueHasNoViolationsAndReadsAsRules() {
        assertThat(check(Map.of("rules/doc.yaml", SOUND))).isEmpty();
        RulesCatalogue catalogue = RulesCatalogue.of(Map.of("rules/doc.yaml", SOUND), SPEC.files());
        assertThat(catalogue.documents()).containsExactly("doc.md");
        assertThat(catalogue.rules()).extracting(RulesCatalogue.Rule::id)
                .containsExactly("DOC-R001", "DOC-R002", "DOC-R003", "DOC-R004", "DOC-R005");
        assertThat(catalogue.rule("DOC-R003")).hasValueSatisfying(r -> {
            assertThat(r.level()).isEqualTo(RulesCatalogue.Level.MUST);
            assertThat(r.scenarios()).containsExactly("MR-0004#2");
            assertThat(r.location()).isEqualTo("features/rules/doc.yaml:11:3");
        });
    }

    @Test
    void aMustRuleThatOnlyADecisionMakesObservableIsScoredAtShouldByShouldScenariosOnly() {
        String rules = SOUND + """
                - id: DOC-R006
                  spec: doc.md#reading
                  level: must
                  statement: "Only IndexV2 shows it."
                  scenarios: [MR-0002]
                  scoredAtShould: "IndexV2 has its place by docs/decisions/0001"
                - id: DOC-R007
                  spec: doc.md#reading
                  level: must
                  statement: "Scored at should, but checked by a must scenario."
                  scenarios: [MR-0001]
                  scoredAtShould: "docs/decisions/0001"
                - id: DOC-R008
                  spec: doc.md#reading
                  level: should
                  statement: "Only a must rule is scored at another level."
                  scenarios: [MR-0002]
                  scoredAtShould: "docs/decisions/0001"
                - id: DOC-R009
                  spec: doc.md#reading
                  level: must
                  statement: "The reason cites no decision."
                  scenarios: [MR-0002]
                  scoredAtShould: "because"
                """;
        assertThat(check(Map.of("rules/doc.yaml", rules))).containsExactly(
                "features/rules/doc.yaml:49:19: DOC-R009 (scoredAtShould): does not match the regex pattern docs/decisions/[0-9]{4}");
        String withoutR009 = rules.substring(0, rules.indexOf("- id: DOC-R009"));
        assertThat(check(Map.of("rules/doc.yaml", withoutR009))).containsExactly(
                "features/rules/doc.yaml:32:3: DOC-R007: a must rule scored at should (docs/decisions/0001), checked by MR-0001"
                        + " (features/reading/a.feature:4), which is @level:must: its scenarios are @level:should",
                "features/rules/doc.yaml:38:3: DOC-R008: scoredAtShould on a should rule: only a must rule is scored at another"
                        + " level than its own");
        RulesCatalogue catalogue = RulesCatalogue.of(Map.of("rules/doc.yaml", withoutR009), SPEC.files());
        assertThat(catalogue.rule("DOC-R006")).hasValueSatisfying(r -> {
            assertThat(r.level()).isEqualTo(RulesCatalogue.Level.MUST);
            assertThat(r.scoring()).isEqualTo(RulesCatalogue.Level.SHOULD);
        });
        assertThat(catalogue.rule("DOC-R001")).hasValueSatisfying(r -> assertThat(r.scoring()).isEqualTo(RulesCatalogue.Level.MUST));
    }

    @Test
    void aDocumentWithoutCatalogueIsNotChecked() {
        // t.proto has no catalogue file, so its must scenario MR-0005 needs no rule; nor does doc.md without a file
        assertThat(check(Map.of())).isEmpty();
    }

    @Test
    void theDocumentStemNamesTheFile() {
        assertThat(RulesCatalogue.stem("lance-table.proto")).isEqualTo("lance-table-proto");
        assertThat(RulesCatalogue.stem("lance-list-element-index.md")).isEqualTo("lance-list-element-index");
        assertThat(check(Map.of("rules/nothing.yaml", "[]\n", "rules/doc.md", "x"))).containsExactly(
                "features/rules/doc.md:1:1: not a catalogue file: features/rules/ holds one <document-stem>.yaml per spec document",
                "features/rules/nothing.yaml:1:1: names no spec document (catalogues: doc.yaml, other.yaml, t-proto.yaml)");
    }

    @Test
    void schemaViolationsNameFileLineAndColumn() {
        String bad = """
                - id: DOC-R001
                  spec: doc.md#reading
                  level: must
                  statement: "Readers must read it."
                  scenarios: [MR-0001]
                - id: doc-1
                  spec: doc.md#reading
                  level: shall
                  statement: "x"
                  scenarios: [MR-0002]
                  note: extra
                """;
        assertThat(check(Map.of("rules/doc.yaml", bad))).containsExactly(
                "features/rules/doc.yaml:6:3: doc-1: property 'note' is not defined in the schema and the schema does not allow additional properties",
                "features/rules/doc.yaml:6:7: doc-1 (id): does not match the regex pattern ^[A-Z][A-Z0-9]{1,5}-R[0-9]{3}$",
                "features/rules/doc.yaml:8:10: doc-1 (level): does not have a value in the enumeration [\"must\", \"should\", \"may\", \"decision\", \"non-normative\"]");
    }

    @Test
    void notYamlIsReportedWhereTheParserStopped() {
        assertThat(check(Map.of("rules/doc.yaml", "- id: DOC-R001\n  spec: [unclosed\n"))).singleElement()
                .satisfies(v -> assertThat(v).startsWith("features/rules/doc.yaml:2:18: not YAML: "));
    }

    @Test
    void idsAreUniqueAndOneFileHasOneArea() {
        String rules = SOUND + """
                - id: DOC-R001
                  spec: doc.md#reading
                  level: must
                  statement: "again"
                  scenarios: [MR-0001]
                - id: XY-R009
                  spec: doc.md#reading
                  level: must
                  statement: "other area"
                  scenarios: [MR-0001]
                """;
        assertThat(check(Map.of("rules/doc.yaml", rules))).containsExactly(
                "features/rules/doc.yaml:26:3: DOC-R001: id already used at features/rules/doc.yaml:1:3",
                "features/rules/doc.yaml:31:3: XY-R009: area XY in a file of area DOC (the rules of one document are"
                        + " <AREA>-R<NNN> with its one AREA)");
        // a document of the convention has its AREA fixed: lance-table.proto's rules are LTP-R<NNN>
        SpecDocuments lance = SpecDocuments.of(Map.of("lance-table.proto", "message Manifest { uint64 version = 1; }\n"));
        String table = "- {id: TP-R001, spec: lance-table.proto#Manifest, level: should, statement: x, scenarios: []}\n";
        assertThat(CatalogueIntegrity.check(RulesCatalogue.of(Map.of("rules/lance-table-proto.yaml", table), lance.files()),
                FeatureSuite.of(Map.of()), lance)).containsExactly("features/rules/lance-table-proto.yaml:1:3: TP-R001:"
                + " area TP in a file of area LTP (the rules of one document are <AREA>-R<NNN> with its one AREA)");
    }

    @Test
    void specAnchorsResolveInTheFilesOwnDocument() {
        String rules = """
                - id: DOC-R001
                  spec: doc.md#readin
                  level: must
                  statement: "x"
                  scenarios: [MR-0001, MR-0004]
                - id: DOC-R002
                  spec: other.md#other
                  level: should
                  statement: "x"
                  scenarios: [MR-0002]
                """;
        assertThat(check(Map.of("rules/doc.yaml", rules))).containsExactly(
                "features/rules/doc.yaml:1:3: DOC-R001: " + SPEC.explain("doc.md#readin").orElseThrow(),
                "features/rules/doc.yaml:6:3: DOC-R002: spec other.md#other is not in doc.md, the document of this file");
    }

    @Test
    void scenarioReferencesNameScenariosAndRowsOfTheSuite() {
        String rules = """
                - id: DOC-R001
                  spec: doc.md#reading
                  level: must
                  statement: "x"
                  scenarios: [MR-0001, MR-0009, MR-0004#3, MR-0001#1, MR-0004#1]
                """;
        assertThat(check(Map.of("rules/doc.yaml", rules))).containsExactly(
                "features/rules/doc.yaml:1:3: DOC-R001: scenario MR-0001#1: MR-0001 is not an outline (a bare id means all its rows)",
                "features/rules/doc.yaml:1:3: DOC-R001: scenario MR-0004#3: MR-0004 has 2 rows (a bare id means all its rows)",
                "features/rules/doc.yaml:1:3: DOC-R001: scenario MR-0009 is not in the suite");
    }

    @Test
    void levelsFollowTheRulesTheyCheck() {
        String rules = """
                - id: DOC-R001
                  spec: doc.md#reading
                  level: must
                  statement: "a must checked by a should scenario"
                  scenarios: [MR-0002, MR-0004]
                - id: DOC-R002
                  spec: doc.md#reading
                  level: may
                  statement: "a may, the only rule of a must scenario"
                  scenarios: [MR-0001]
                - id: DOC-R003
                  spec: doc.md#writing
                  level: decision
                  statement: "a decision checked by a scored must scenario"
                  scenarios: [MR-0004]
                """;
        assertThat(check(Map.of("rules/doc.yaml", rules))).containsExactly(
                "features/reading/a.feature:4: one: @level:must but it checks only should, may or non-normative rules (DOC-R002):"
                        + " a scenario that checks no must rule is @level:should",
                "features/rules/doc.yaml:1:3: DOC-R001: a must rule, checked by MR-0002 (features/reading/a.feature:8),"
                        + " which is @level:should: a scenario that checks a must rule is @level:must",
                "features/rules/doc.yaml:11:3: DOC-R003: a kit decision, checked by MR-0004 (features/reading/a.feature:18),"
                        + " which is @level:must and not @open: a decision is checked only by @open or @level:should scenarios");
    }

    @Test
    void aNonNormativeLineIsCheckedAtShouldOnlyAndMakesNoScenarioMust() {
        String rules = SOUND + """
                - id: DOC-R006
                  spec: doc.md#reading
                  level: non-normative
                  statement: "Goal: readers are fast."
                  scenarios: [MR-0002, MR-0003]
                - id: DOC-R007
                  spec: doc.md#writing
                  level: non-normative
                  statement: "FAQ: why field ids? We use them already."
                  scenarios: [MR-0005]
                """;
        assertThat(check(Map.of("rules/doc.yaml", rules))).containsExactly(
                "features/reading/a.feature:27: five: @level:must but it checks only should, may or non-normative rules"
                        + " (DOC-R007): a scenario that checks no must rule is @level:should",
                "features/rules/doc.yaml:31:3: DOC-R007: a non-normative line, checked by MR-0005"
                        + " (features/reading/a.feature:27), which is @level:must and not @open: a line that requires nothing"
                        + " is checked only by @open or @level:should scenarios");
        assertThat(RulesCatalogue.of(Map.of("rules/doc.yaml", rules), SPEC.files()).rule("DOC-R006"))
                .hasValueSatisfying(r -> assertThat(r.level().label()).isEqualTo("non-normative"));
    }

    @Test
    void aStatementOutOfScopeSaysWhyAndListsNoScenario() {
        String rules = SOUND + """
                - id: DOC-R006
                  spec: doc.md#writing
                  level: must
                  statement: "Shards must be fenced."
                  scenarios: []
                  scope: out
                  why: the kit has no shards
                - id: DOC-R007
                  spec: doc.md#writing
                  level: must
                  statement: "Out, and yet checked."
                  scenarios: [MR-0001]
                  scope: out
                  why: the kit has no shards
                - id: DOC-R008
                  spec: doc.md#writing
                  level: must
                  statement: "Out without why."
                  scenarios: []
                  scope: out
                - id: DOC-R009
                  spec: doc.md#writing
                  level: must
                  statement: "In, with a why."
                  scenarios: [MR-0001]
                  why: because
                """;
        assertThat(check(Map.of("rules/doc.yaml", rules))).containsExactly(
                "features/rules/doc.yaml:33:3: DOC-R007: scope out (the kit has no shards), yet it lists scenarios [MR-0001]:"
                        + " a statement the kit does not judge has no scenario, gap or scoredAtShould",
                "features/rules/doc.yaml:40:3: DOC-R008: scope out without why (say in one line why the kit does not judge it)",
                "features/rules/doc.yaml:46:3: DOC-R009: why is for scope: out only (a statement the kit judges needs no why)");
        RulesCatalogue catalogue = RulesCatalogue.of(Map.of("rules/doc.yaml", rules), SPEC.files());
        assertThat(catalogue.rule("DOC-R006")).hasValueSatisfying(r -> {
            assertThat(r.inScope()).isFalse();
            assertThat(r.outOfScope()).isEqualTo("the kit has no shards");
        });
        assertThat(catalogue.rule("DOC-R001")).hasValueSatisfying(r -> assertThat(r.inScope()).isTrue());
    }

    @Test
    void onceADocumentHasACatalogueEveryScoredMustScenarioChecksAMustRule() {
        String rules = """
                - id: TP-R001
                  spec: t.proto#Manifest.index_section
                  level: should
                  statement: "x"
                  scenarios: []
                """;
        // MR-0005 cites t.proto, which now has a catalogue; the @open must scenario MR-0003 is not scored
        assertThat(check(Map.of("rules/doc.yaml", SOUND, "rules/t-proto.yaml", rules))).containsExactly(
                "features/reading/a.feature:27: five: @level:must but no rule lists MR-0005 (catalogue:"
                        + " features/rules/t-proto.yaml); list it under the must rule it checks, or make it @level:should"
                        + " if it checks none");
    }
}
