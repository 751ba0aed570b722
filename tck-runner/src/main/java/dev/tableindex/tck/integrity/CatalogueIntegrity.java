package dev.tableindex.tck.integrity;

import dev.tableindex.tck.integrity.FeatureSuite.TckScenario;
import dev.tableindex.tck.integrity.RulesCatalogue.Level;
import dev.tableindex.tck.integrity.RulesCatalogue.Rule;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.stream.Collectors;

/**
 * Checks the rules catalogue ({@link RulesCatalogue}) against the suite and the spec documents.
 * Part of {@link SuiteIntegrity}; each violation is one line naming the catalogue entry
 * ({@code file:line:column: <rule id>: <what>}) or the scenario ({@code file:line: <name>: <what>}).
 *
 * <ul>
 *   <li>files follow the schema; rule ids are unique across the catalogue and one file uses one AREA,
 *       the document's in {@link RulesCatalogue#AREAS};</li>
 *   <li>a rule's {@code spec} cites its own document and resolves in {@link SpecDocuments};</li>
 *   <li>every scenario reference names a scenario of the suite ({@code <id>#<row>}: a row that
 *       exists of an outline);</li>
 *   <li>levels: a scenario that checks a must rule is {@code @level:must}; one that checks only
 *       should, may or non-normative rules is {@code @level:should}; a decision or a non-normative line is
 *       checked only by {@code @open} or {@code @level:should} scenarios;</li>
 *   <li>a statement out of the kit's scope ({@code scope: out}) lists no scenario, no gap and no
 *       {@code scoredAtShould};</li>
 *   <li>once a document has a catalogue file, every scored {@code @level:must} scenario citing it
 *       checks at least one must rule (an {@code @open} scenario is not scored).</li>
 * </ul>
 */
public final class CatalogueIntegrity {

    private CatalogueIntegrity() {
    }

    public static List<String> check(RulesCatalogue catalogue, FeatureSuite features, SpecDocuments spec) {
        List<String> out = new ArrayList<>();
        catalogue.problems().forEach(p -> out.add(p.toString()));
        Map<String, TckScenario> scenarios = new HashMap<>();
        features.scenarios().forEach(s -> s.id().ifPresent(id -> scenarios.putIfAbsent(id, s)));

        Map<String, Rule> firstById = new HashMap<>();
        Map<String, String> areaByFile = new HashMap<>();
        Map<String, List<Rule>> rulesByScenario = new LinkedHashMap<>();
        for (Rule rule : catalogue.rules()) {
            String where = rule.location() + ": " + rule.id() + ": ";
            Rule first = firstById.putIfAbsent(rule.id(), rule);
            if (first != null) {
                out.add(where + "id already used at " + first.location());
            }
            String document = catalogue.documentsByFile().get(rule.file());
            Matcher id = RulesCatalogue.RULE_ID.matcher(rule.id());
            if (id.matches()) {
                String fixed = RulesCatalogue.AREAS.get(document);
                String area = fixed != null ? fixed : areaByFile.computeIfAbsent(rule.file(), f -> id.group(1));
                if (!area.equals(id.group(1))) {
                    out.add(where + "area " + id.group(1) + " in a file of area " + area
                            + " (the rules of one document are <AREA>-R<NNN> with its one AREA)");
                }
            }
            if (!rule.inScope() && (rule.checked() || rule.gap() != null || rule.scoredAtShould() != null)) {
                out.add(where + "scope out (" + rule.outOfScope() + "), yet it lists "
                        + (rule.checked() ? "scenarios " + rule.scenarios() : rule.gap() != null ? "a gap" : "scoredAtShould")
                        + ": a statement the kit does not judge has no scenario, gap or scoredAtShould");
            }
            if (!rule.document().equals(document)) {
                out.add(where + "spec " + rule.spec() + " is not in " + document + ", the document of this file");
            } else {
                spec.explain(rule.spec()).ifPresent(p -> out.add(where + p));
            }
            for (String ref : rule.scenarios()) {
                Matcher m = RulesCatalogue.SCENARIO_REF.matcher(ref);
                m.matches();
                TckScenario s = scenarios.get(m.group(1));
                if (s == null) {
                    out.add(where + "scenario " + ref + " is not in the suite");
                    continue;
                }
                if (m.group(2) != null) {
                    boolean outline = s.keyword().contains("Outline") || s.keyword().contains("Template");
                    int row = Integer.parseInt(m.group(2));
                    if (!outline || row > s.rows()) {
                        out.add(where + "scenario " + ref + ": " + m.group(1) + (outline ? " has " + s.rows()
                                + " rows" : " is not an outline") + " (a bare id means all its rows)");
                        continue;
                    }
                }
                rulesByScenario.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(rule);
            }
        }
        rulesByScenario.forEach((id, rules) -> levels(scenarios.get(id), rules, out));
        mustScenariosCheckMustRules(catalogue, features, rulesByScenario, out);
        return out;
    }

    private static void levels(TckScenario s, List<Rule> rules, List<String> out) {
        String level = s.tagValues("level:").stream().findFirst().orElse("");
        boolean open = s.tags().stream().anyMatch(t -> t.name().equals("@open"));
        String id = s.id().orElseThrow();
        for (Rule rule : rules) {
            String where = rule.location() + ": " + rule.id() + ": ";
            if (rule.scoring() == Level.MUST && !level.equals("must")) {
                out.add(where + "a must rule, checked by " + id + " (" + s.location() + "), which is @level:" + level
                        + ": a scenario that checks a must rule is @level:must");
            }
            if (rule.scoredAtShould() != null && rule.level() != Level.MUST) {
                out.add(where + "scoredAtShould on a " + rule.level().label() + " rule: only a must rule is scored at"
                        + " another level than its own");
            } else if (rule.scoredAtShould() != null && !level.equals("should")) {
                out.add(where + "a must rule scored at should (" + rule.scoredAtShould() + "), checked by " + id + " ("
                        + s.location() + "), which is @level:" + level + ": its scenarios are @level:should");
            }
            if (rule.level() == Level.DECISION && !open && !level.equals("should")) {
                out.add(where + "a kit decision, checked by " + id + " (" + s.location() + "), which is @level:" + level
                        + " and not @open: a decision is checked only by @open or @level:should scenarios");
            }
            if (rule.level() == Level.NON_NORMATIVE && !open && !level.equals("should")) {
                out.add(where + "a non-normative line, checked by " + id + " (" + s.location() + "), which is @level:"
                        + level + " and not @open: a line that requires nothing is checked only by @open or"
                        + " @level:should scenarios");
            }
        }
        boolean onlyShouldOrMay = rules.stream().allMatch(r -> r.scoring() == Level.SHOULD || r.scoring() == Level.MAY
                || r.scoring() == Level.NON_NORMATIVE);
        if (onlyShouldOrMay && !level.equals("should")) {
            out.add(s.location() + ": " + s.name() + ": @level:" + level + " but it checks only should, may or"
                    + " non-normative rules ("
                    + rules.stream().map(Rule::id).distinct().collect(Collectors.joining(", "))
                    + "): a scenario that checks no must rule is @level:should");
        }
    }

    private static void mustScenariosCheckMustRules(RulesCatalogue catalogue, FeatureSuite features,
                                                    Map<String, List<Rule>> rulesByScenario, List<String> out) {
        Set<String> documents = catalogue.documents();
        Map<String, String> fileByDocument = new HashMap<>();
        catalogue.documentsByFile().forEach((file, document) -> fileByDocument.put(document, file));
        for (TckScenario s : features.scenarios()) {
            Optional<String> id = s.id();
            boolean must = s.tagValues("level:").equals(List.of("must"));
            boolean open = s.tags().stream().anyMatch(t -> t.name().equals("@open"));
            if (id.isEmpty() || !must || open) {
                continue;
            }
            List<String> cataloguedDocuments = s.specs().stream().map(c -> c.contains("#") ? c.substring(0, c.indexOf('#')) : c)
                    .filter(documents::contains).distinct().toList();
            if (cataloguedDocuments.isEmpty()) {
                continue;
            }
            // a scenario listed only under other levels is reported by the level checks already
            if (!rulesByScenario.containsKey(id.get())) {
                out.add(s.location() + ": " + s.name() + ": @level:must but no rule lists " + id.get() + " (catalogue: "
                        + cataloguedDocuments.stream().map(fileByDocument::get).collect(Collectors.joining(", "))
                        + "); list it under the must rule it checks, or make it @level:should if it checks none");
            }
        }
    }
}
