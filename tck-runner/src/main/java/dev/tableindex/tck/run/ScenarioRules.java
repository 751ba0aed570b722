package dev.tableindex.tck.run;

import dev.tableindex.tck.integrity.RulesCatalogue;
import dev.tableindex.tck.integrity.RulesCatalogue.Rule;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which normative statements of the rules catalogue ({@code features/rules/}) a scenario checks: the rules that list
 * it, its outline (for a row) or the very row. What a failure is reported against, on the console and in the HTML
 * report.
 */
public final class ScenarioRules {
    private final Map<String, List<Rule>> byReference = new HashMap<>();

    private ScenarioRules(RulesCatalogue catalogue) {
        for (Rule rule : catalogue.rules()) {
            rule.scenarios().forEach(ref -> byReference.computeIfAbsent(ref, k -> new ArrayList<>()).add(rule));
        }
    }

    private static ScenarioRules bundled;

    /** The rules of the suite's catalogue (read once per JVM; a second caller waits for the first's reading). */
    public static synchronized ScenarioRules bundled() {
        if (bundled == null) {
            bundled = new ScenarioRules(RulesCatalogue.load());
        }
        return bundled;
    }

    /** The rules checked by the run with this id ({@code MR-0050#17}: those of the row and those of MR-0050). */
    public List<Rule> of(String runId) {
        List<Rule> rules = new ArrayList<>(byReference.getOrDefault(runId, List.of()));
        String base = KnownFailures.baseId(runId);
        if (!base.equals(runId)) {
            byReference.getOrDefault(base, List.of()).stream().filter(r -> !rules.contains(r)).forEach(rules::add);
        }
        return rules;
    }
}
