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
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The list element index's mutants against its rules catalogue, until the kill matrix
 * (KillMatrixTest) runs every catalogue: each mutant is killed (a scenario of every rule it breaks
 * comes out FAIL) and every must rule that a scenario checks has a mutant.
 */
class ListIndexMutantsTest {
    private static final Path CATALOGUE = Path.of("../features/rules/lance-list-element-index.yaml");

    @TempDir
    Path reports;

    private static Map<String, JsonNode> rules() throws Exception {
        JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(Files.readString(CATALOGUE));
        Map<String, JsonNode> rules = new LinkedHashMap<>();
        root.forEach(rule -> rules.put(rule.path("id").asText(), rule));
        return rules;
    }

    private static List<String> scenarios(JsonNode rule) {
        return StreamSupport.stream(rule.path("scenarios").spliterator(), false).map(JsonNode::asText).toList();
    }

    @Test
    void everyListIndexMutantIsKilledByTheScenariosOfTheRulesItBreaks() throws Exception {
        Map<String, JsonNode> rules = rules();
        List<MutantEngine> mutants = ServiceLoader.load(TckEngineProvider.class).stream().map(ServiceLoader.Provider::get)
                .filter(p -> p instanceof MutantEngine && p.getClass().getEnclosingClass() == ListIndexMutants.class)
                .map(MutantEngine.class::cast).toList();
        List<String> problems = new ArrayList<>();
        TreeSet<String> killedRules = new TreeSet<>();
        List<String> kills = new ArrayList<>();
        for (MutantEngine mutant : mutants) {
            TreeSet<String> ids = new TreeSet<>();
            for (String rule : mutant.breaks()) {
                assertThat(rules).as(mutant.name() + " breaks an unknown rule").containsKey(rule);
                scenarios(rules.get(rule)).forEach(ref -> ids.add(ref.replaceAll("#.*", "")));
            }
            StringWriter out = new StringWriter();
            TckReport report = TckRun.run(new TckRun.Options(mutant.name(), ids.stream().map(id -> "@id:" + id)
                    .collect(Collectors.joining(" or ")), null, reports.resolve(mutant.name()), false, false,
                    new Engines.Timeouts(Duration.ofSeconds(60), Duration.ofSeconds(3)), Path.of(".")), new PrintWriter(out));
            for (String rule : mutant.breaks()) {
                // killed by a verdict on what the mutant produced, not by the mutant tripping over its own bug
                boolean killed = report.scenarios().stream().filter(s -> s.outcome() == Outcome.FAIL)
                        .filter(s -> !String.valueOf(s.message()).contains("BAD_TABLE"))
                        .anyMatch(s -> scenarios(rules.get(rule)).stream().anyMatch(ref -> ref.equals(s.id())
                                || ref.equals(s.id().replaceAll("#.*", ""))));
                if (killed) {
                    kills.add(mutant.name() + " kills " + rule + " by " + report.scenarios().stream()
                            .filter(s -> s.outcome() == Outcome.FAIL).map(s -> s.id() + ": " + s.message())
                            .findFirst().orElse(""));
                    killedRules.add(rule);
                } else {
                    problems.add(mutant.name() + " survives " + rule + ": " + report.scenarios().stream()
                            .map(s -> s.id() + " " + s.outcome()).collect(Collectors.joining(", ")));
                }
            }
        }
        rules.values().stream().filter(r -> r.path("level").asText().equals("must") && !scenarios(r).isEmpty())
                .map(r -> r.path("id").asText()).filter(id -> !killedRules.contains(id))
                .forEach(id -> problems.add(id + " (must) has no mutant that its scenarios kill"));
        Files.write(Path.of("target/list-index-mutant-kills.txt"), kills);
        assertThat(problems).isEmpty();
    }

    @Test
    void mustRulesAreCheckedByMustScenarios() throws Exception {
        StringWriter out = new StringWriter();
        TckReport all = TckRun.run(new TckRun.Options("reference", "@requires:list_element_index or @requires:key_encoding"
                + " or @requires:any_element", null, reports.resolve("all"), false, false,
                new Engines.Timeouts(Duration.ofSeconds(60), Duration.ofSeconds(3)), Path.of(".")), new PrintWriter(out));
        Map<String, String> levels = all.scenarios().stream().collect(Collectors.toMap(s -> s.id().replaceAll("#.*", ""),
                ScenarioResult::level, (a, b) -> a));
        List<String> problems = new ArrayList<>();
        for (JsonNode rule : rules().values()) {
            for (String ref : scenarios(rule)) {
                String level = levels.get(ref.replaceAll("#.*", ""));
                if (level == null) {
                    problems.add(rule.path("id").asText() + ": no scenario " + ref);
                } else if (rule.path("level").asText().equals("must") && !level.equals("must")) {
                    problems.add(rule.path("id").asText() + " (must) is checked by " + ref + " at " + level);
                }
            }
        }
        assertThat(problems).isEmpty();
    }
}
