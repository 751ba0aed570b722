package dev.tableindex.tck.mutants;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.tableindex.tck.api.TckEngineProvider;
import dev.tableindex.tck.engine.Engines;
import dev.tableindex.tck.run.Outcome;
import dev.tableindex.tck.run.ScenarioResult;
import dev.tableindex.tck.run.TckReport;
import dev.tableindex.tck.run.TckRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every mutant of {@link TableMutants} is killed by the scenarios of the rules it breaks
 * (features/rules/lance-index-v2-design.yaml, lance-table-proto.yaml): a must rule's scenarios give FAIL,
 * a should rule's ADVISORY_FAIL. A targeted check until the kill matrix (docs/kill-matrix.md) runs them all.
 */
class TableMutantsTest {
    private static final List<String> CATALOGUES = List.of("lance-index-v2-design.yaml", "lance-table-proto.yaml");

    @TempDir
    Path reports;

    record Rule(String id, String level, List<String> scenarios) {
    }

    static Map<String, Rule> rules() throws IOException {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        Map<String, Rule> rules = new TreeMap<>();
        for (String catalogue : CATALOGUES) {
            for (JsonNode rule : yaml.readTree(Path.of("..", "features", "rules", catalogue).toFile())) {
                List<String> scenarios = new ArrayList<>();
                rule.path("scenarios").forEach(s -> scenarios.add(s.asText()));
                rules.put(rule.path("id").asText(), new Rule(rule.path("id").asText(), rule.path("level").asText(), scenarios));
            }
        }
        return rules;
    }

    static Stream<MutantEngine> mutants() {
        return ServiceLoader.load(TckEngineProvider.class).stream().map(ServiceLoader.Provider::get)
                .filter(p -> p instanceof MutantEngine && p.getClass().getEnclosingClass() == TableMutants.class)
                .map(MutantEngine.class::cast);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mutants")
    void theScenariosOfTheRulesItBreaksKillIt(MutantEngine mutant) throws IOException {
        Map<String, Rule> rules = rules();
        assertThat(mutant.breaks()).as("rules of " + mutant.name()).isNotEmpty().allSatisfy(id -> assertThat(rules).containsKey(id));
        List<String> scenarios = mutant.breaks().stream().flatMap(id -> rules.get(id).scenarios().stream()).distinct().toList();
        assertThat(scenarios).as("scenarios of the rules " + mutant.name() + " breaks").isNotEmpty();
        boolean must = mutant.breaks().stream().anyMatch(id -> rules.get(id).level().equals("must"));
        String tags = String.join(" or ", scenarios.stream().map(id -> "@id:" + id).toList());
        TckReport report = TckRun.run(new TckRun.Options(mutant.name(), tags, null, reports, false, false,
                new Engines.Timeouts(Duration.ofSeconds(60), Duration.ofSeconds(3)), Path.of(".")),
                new PrintWriter(new StringWriter()));
        Outcome killing = must ? Outcome.FAIL : Outcome.ADVISORY_FAIL;
        assertThat(report.scenarios()).as(mutant.name() + " (" + mutant.flaw() + ") on " + tags)
                .extracting(ScenarioResult::outcome).contains(killing).doesNotContain(Outcome.ERROR);
    }
}
