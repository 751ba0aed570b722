package dev.tableindex.tck.mutants;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.tableindex.tck.api.TckEngineProvider;
import dev.tableindex.tck.engine.Engines;
import dev.tableindex.tck.run.Outcome;
import dev.tableindex.tck.run.TckReport;
import dev.tableindex.tck.run.TckRun;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Until the kill matrix (docs/kill-matrix.md) runs them: every Iceberg metadata mutant fails a scenario of a
 * must rule it breaks, and every must rule of the metadata part of the catalogue that scenarios check has a mutant.
 */
class IcebergMutantsTest {
    private static final Path CATALOGUE = Path.of("../features/rules/iceberg-index-spec-draft.yaml");

    @TempDir
    Path reports;

    static Stream<MutantEngine> mutants() {
        return ServiceLoader.load(TckEngineProvider.class).stream().map(ServiceLoader.Provider::get)
                .filter(p -> p instanceof IcebergMutants.Base).map(p -> (MutantEngine) p);
    }

    static Map<String, JsonNode> rules() throws Exception {
        Map<String, JsonNode> rules = new HashMap<>();
        new ObjectMapper(new YAMLFactory()).readTree(CATALOGUE.toFile()).forEach(r -> rules.put(r.get("id").asText(), r));
        return rules;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mutants")
    void theScenariosOfTheRulesAMutantBreaksKillIt(MutantEngine mutant) throws Exception {
        Map<String, JsonNode> rules = rules();
        Set<String> scenarios = new LinkedHashSet<>();
        for (String rule : mutant.breaks()) {
            assertThat(rules).as("catalogue has " + rule).containsKey(rule);
            assertThat(rules.get(rule).get("level").asText()).isEqualTo("must");
            rules.get(rule).get("scenarios").forEach(s -> scenarios.add(s.asText()));
        }
        String tags = String.join(" or ", scenarios.stream().map(s -> "@id:" + s).toList());
        TckReport report = TckRun.run(new TckRun.Options(mutant.name(), tags, null, reports, false, false,
                new Engines.Timeouts(Duration.ofSeconds(60), Duration.ofSeconds(3)), Path.of(".")),
                new PrintWriter(new StringWriter()));
        assertThat(report.scenarios()).as(mutant.name() + " (" + mutant.flaw() + ") survives " + tags)
                .anyMatch(s -> s.outcome() == Outcome.FAIL);
    }

    @Test
    void everyCheckedMustRuleHasAMutant() throws Exception {
        Set<String> broken = new TreeSet<>();
        mutants().forEach(m -> broken.addAll(m.breaks()));
        List<String> mustRules = rules().values().stream()
                .filter(r -> r.get("level").asText().equals("must") && !r.get("scenarios").isEmpty())
                .map(r -> r.get("id").asText())
                // the metadata part; ICE-R100 on (index data, reading) is IcebergDataMutantsTest's
                .filter(id -> Integer.parseInt(id.substring("ICE-R".length())) < 100)
                .sorted().toList();
        assertThat(broken).containsAll(mustRules);
    }
}
