package dev.tableindex.tck.mutants;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.tck.integrity.RulesCatalogue;
import dev.tableindex.tck.integrity.RulesCatalogue.Level;
import dev.tableindex.tck.integrity.SpecDocuments;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kill matrix of the shipped catalogue and every registered mutant (docs/kill-matrix.md), and the
 * matrix itself on a fixture catalogue.
 */
class KillMatrixTest {
    private static final PrintWriter LOG = new PrintWriter(System.out, true);

    @TempDir
    Path reports;

    @Test
    void everyMutantIsKilledEveryMustRuleHasAKillerAndThePageIsCurrent() throws Exception {
        long started = System.nanoTime();
        RulesCatalogue catalogue = RulesCatalogue.load();
        List<MutantEngine> mutants = KillMatrix.registered();
        KillMatrix matrix = KillMatrix.run(catalogue, SpecDocuments.load().files(), mutants, reports, LOG);
        LOG.printf("kill matrix: %d mutants, %d rules, %d ms%n", mutants.size(), catalogue.rules().size(),
                (System.nanoTime() - started) / 1_000_000);

        Path page = Path.of(System.getProperty("tck.golden.dir", "../golden-files")).resolveSibling("docs/kill-matrix.md");
        if (Boolean.getBoolean("tck.killMatrix.write")) {
            Files.writeString(page, matrix.report());
            LOG.println("kill matrix: wrote " + page.toAbsolutePath().normalize());
        }
        assertThat(matrix.problems()).as("kill matrix problems").isEmpty();
        assertThat(Files.exists(page) ? Files.readString(page) : "")
                .as("docs/kill-matrix.md is stale: regenerate it with " + KillMatrix.COMMAND)
                .isEqualTo(matrix.report());
    }

    private static final String FIXTURE = """
            - id: FX-R001
              spec: lance-table.proto#Manifest
              level: must
              statement: "A damaged manifest must be refused."
              scenarios: [MR-0050]
            - id: FX-R002
              spec: lance-table.proto#Manifest
              level: should
              statement: "A refusal should name what is wrong."
              scenarios: [MR-0051]
            - id: FX-R003
              spec: lance-table.proto#Manifest
              level: must
              statement: "One row: a truncated manifest must be refused."
              scenarios: [MR-0050#1]
            - id: FX-R004
              spec: lance-table.proto#Manifest
              level: must
              statement: "Unchecked."
              scenarios: []
            - id: FX-R005
              spec: lance-table.proto#Manifest
              level: may
              statement: "Checked, no mutant."
              scenarios: [MR-0001]
            - id: FX-R006
              spec: lance-table.proto#Manifest
              level: must
              statement: "A gap: no mutant yet, and the catalogue says why."
              scenarios: []
              gap: the kit cannot write such a file yet
            - id: FX-R007
              spec: lance-table.proto#Manifest
              level: must
              statement: "A stale gap: a mutant kills it."
              scenarios: [MR-0050#2]
              gap: written before the mutant existed
            - id: FX-R008
              spec: lance-table.proto#Manifest
              level: must
              statement: "Shards must be fenced."
              scenarios: []
              scope: out
              why: the kit has no shards
            - id: FX-R010
              spec: lance-table.proto#Manifest
              level: non-normative
              statement: "Goal: refusals are quick."
              scenarios: [MR-0051]
            - id: FX-R011
              spec: lance-table.proto#Manifest
              level: decision
              statement: "docs/decisions/0001: the kit reads it there."
              scenarios: []
            """;

    @Test
    void onAFixtureCatalogueTheMatrixFindsKillsSurvivorsAndMustRulesWithoutKiller() {
        RulesCatalogue catalogue = RulesCatalogue.of(Map.of("rules/lance-table-proto.yaml", FIXTURE),
                Set.of("lance-table.proto", "lance-list-element-index.md"));
        assertThat(catalogue.problems()).isEmpty();
        KillMatrix matrix = KillMatrix.run(catalogue, Set.of("lance-table.proto", "lance-list-element-index.md"), List.of(
                new KillMatrixFixtures.Described(KillMatrixFixtures.AcceptsDamagedManifests.NAME,
                        Set.of("FX-R001", "FX-R002", "FX-R003", "FX-R007", "FX-R010"),
                        "Returns an empty manifest instead of refusing."),
                new KillMatrixFixtures.Described(KillMatrixFixtures.NoBug.NAME, Set.of("FX-R001", "FX-R008", "FX-R009"),
                        "None."),
                // a rule of lance-list-element-index.md, which has no catalogue here: it waits, nothing runs
                new KillMatrixFixtures.Described("mutant-fixture-waits", Set.of("LEI-R001"), "Waits.")), reports, LOG);
        assertThat(matrix.waiting()).containsExactly(
                new KillMatrix.Waiting("mutant-fixture-waits", "LEI-R001", "lance-list-element-index.md"));

        assertThat(matrix.kills()).filteredOn(k -> k.mutant().equals(KillMatrixFixtures.AcceptsDamagedManifests.NAME))
                .allSatisfy(k -> assertThat(k.killed()).as(k.rule().id()).isTrue());
        assertThat(matrix.kills()).filteredOn(k -> k.rule().id().equals("FX-R002")).singleElement()
                .satisfies(k -> assertThat(k.failed()).isEmpty())
                .satisfies(k -> assertThat(k.advisory()).isNotEmpty().allSatisfy(id -> assertThat(id).startsWith("MR-0051#")));
        assertThat(matrix.kills()).filteredOn(k -> k.rule().id().equals("FX-R003")
                        && k.mutant().equals(KillMatrixFixtures.AcceptsDamagedManifests.NAME)).singleElement()
                .satisfies(k -> assertThat(k.failed()).containsExactly("MR-0050#1"));

        assertThat(matrix.problems()).hasSize(5);
        String noBug = KillMatrixFixtures.NoBug.NAME + " (dev.tableindex.tck.mutants.KillMatrixFixtures$Described)";
        assertThat(matrix.problems().get(0)).isEqualTo(noBug + ": breaks FX-R008, which its catalogue puts out of the"
                + " kit's scope (the kit has no shards)");
        assertThat(matrix.problems().get(1)).startsWith(noBug + ": breaks FX-R009, which no catalogue");
        assertThat(matrix.problems().get(2)).startsWith(noBug + " survives FX-R001 (must,"
                + " features/rules/lance-table-proto.yaml:1:3): its scenarios came out MR-0050#1 PASS");
        // FX-R004 is a must in scope without killer; FX-R008 is out of scope, so it needs none
        assertThat(matrix.problems().get(3)).isEqualTo(
                "FX-R004 (must, features/rules/lance-table-proto.yaml:16:3) has no mutant that its scenarios kill"
                        + " (no scenario checks it); write a mutant, or say why not yet with `gap:`");
        // FX-R006 has a gap and no killer: listed, not a problem; FX-R007's gap is stale
        assertThat(matrix.problems().get(4)).isEqualTo("FX-R007 (features/rules/lance-table-proto.yaml:32:3) has a gap"
                + " written, but a mutant kills it now: remove the gap");
        // a non-normative line is killed by an advisory, like a should
        assertThat(matrix.kills()).filteredOn(k -> k.rule().id().equals("FX-R010")).singleElement()
                .satisfies(k -> assertThat(k.killed()).isTrue());

        // 10 statements: strict R001, R002, R003, R007; not checked R004, R006; out of scope R008; non-normative
        // R010 (killed, yet not a judged statement); may R005; kit decision R011
        assertThat(matrix.audit(false)).containsExactly(
                new KillMatrix.Audit("lance-list-element-index.md", null, 0, 0, 0, 0, 0, 0, 0, 0),
                new KillMatrix.Audit("lance-table.proto", "features/rules/lance-table-proto.yaml", 10, 4, 0, 2, 1, 1, 1, 1));
        assertThat(matrix.audit(true)).contains(
                new KillMatrix.Audit("lance-table.proto", "features/rules/lance-table-proto.yaml", 6, 3, 0, 2, 1, 0, 0, 0));
        assertThat(matrix.report())
                .contains("| `lance-table.proto` | 10 | 4 | 0 | 2 | 1 | 1 | 1 | 1 |")
                .contains("| FX-R008 | must | Shards must be fenced. | — | — | out of scope: the kit has no shards |")
                .contains("| FX-R004 | must | Unchecked. | no scenario |")
                .contains("| FX-R006 | A gap: no mutant yet, and the catalogue says why. | no scenario | the kit cannot write such a file yet |")
                .contains("| `lance-list-element-index.md` | no catalogue yet | | | | | | | |")
                .contains("| FX-R002 | should | A refusal should name what is wrong. | `"
                        + KillMatrixFixtures.AcceptsDamagedManifests.NAME + "` | Returns an empty manifest instead of refusing. | MR-0051#1 *advisory*")
                .contains("| FX-R001 | must | A damaged manifest must be refused. | `" + KillMatrixFixtures.NoBug.NAME
                        + "` | None. | **survives** |")
                .contains("| FX-R004 | must | Unchecked. | — | — | no scenario checks it |")
                .contains("| `mutant-fixture-waits` | Waits. | LEI-R001 | LEI-R001 waits for a catalogue of"
                        + " `lance-list-element-index.md` |")
                .contains("| FX-R005 | may | Checked, no mutant. | — | — | no mutant (checked by MR-0001) |");
    }

    @Test
    void anAdvisoryFailNeverKillsAMustRule() {
        assertThat(KillMatrix.killedAt(Level.MUST, List.of(), List.of("X-0001"))).isFalse();
        assertThat(KillMatrix.killedAt(Level.SHOULD, List.of(), List.of("X-0001"))).isTrue();
        assertThat(KillMatrix.killedAt(Level.DECISION, List.of(), List.of("X-0001"))).isTrue();
        assertThat(KillMatrix.killedAt(Level.MUST, List.of("X-0001"), List.of())).isTrue();
        assertThat(KillMatrix.killedAt(Level.MAY, List.of(), List.of())).isFalse();
    }
}
