package dev.tableindex.tck.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.tck.integrity.RulesCatalogue;
import dev.tableindex.tck.run.Outcome;
import dev.tableindex.tck.run.ScenarioIdOrder;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every engine's outcome per scenario, per rule and per area, from the engines' {@code tck-report.json} files (read
 * with {@code TckReport.read}) and the rules catalogue: what {@code tck matrix} renders. Nothing here names a run
 * (no time, no commit), so the same reports give the same matrix on any machine.
 *
 * @param engines   one column per report, in the order given
 * @param scenarios every scenario any report judged, in id order
 * @param areas     scenarios grouped by their id's area (AE, KE, MR, ...), in id order
 * @param rules     every rule of the catalogue, in catalogue order
 * @param featuresDigest the digest of the suite every report judged
 */
public record ConformanceMatrix(List<Engine> engines, List<Scenario> scenarios, List<Area> areas, List<RuleRow> rules,
                                String featuresDigest) {

    /** The order outcomes are shown in. */
    public static final List<Outcome> OUTCOMES = List.of(Outcome.values());

    /**
     * One engine, as its report names it.
     *
     * @param selector       the report's run.engine_selector (how it was run, and its key on the page)
     * @param totals         scenarios per outcome, both levels
     * @param mustPassed     must scenarios that passed
     * @param mustApplicable must scenarios whose capability the engine declares
     */
    public record Engine(String selector, String name, String version, List<String> capabilities, String verdict,
                         Map<Outcome, Long> totals, long mustPassed, long mustApplicable) {
        /** A file name for its badge: name and version, in characters every file system takes. */
        public String badgeFile() {
            return (name + "-" + version).replaceAll("[^A-Za-z0-9._-]+", "_") + ".svg";
        }
    }

    /** One scenario (or outline row) and each engine's outcome, null where a report did not judge it. */
    public record Scenario(String id, String name, String area, String level, List<String> spec, List<Outcome> outcomes) {
    }

    /** An area of the suite (the scenario ids' prefix) and each engine's outcome counts there. */
    public record Area(String prefix, String folder, int scenarios, List<Map<Outcome, Long>> counts) {
    }

    /** A rule of the catalogue, the scenario rows that check it, and each engine's outcome counts over them. */
    public record RuleRow(RulesCatalogue.Rule rule, List<String> scenarioIds, List<Map<Outcome, Long>> counts) {
    }

    private static final Pattern FEATURE_FOLDER = Pattern.compile("features/([^/]+)/[^/]+\\.feature$");

    /**
     * The matrix of {@code reports} (each as {@code TckReport.read} gives it) over {@code catalogue}.
     *
     * @throws IllegalArgumentException when two reports name the same engine selector, or judged different suites
     */
    public static ConformanceMatrix of(List<JsonNode> reports, List<String> files, RulesCatalogue catalogue) {
        if (reports.isEmpty()) {
            throw new IllegalArgumentException("give at least one tck-report.json");
        }
        String digest = reports.get(0).path("tck").path("features_digest").asText();
        Set<String> selectors = new HashSet<>();
        List<Engine> engines = new ArrayList<>();
        for (int i = 0; i < reports.size(); i++) {
            JsonNode report = reports.get(i);
            String selector = report.path("run").path("engine_selector").asText();
            if (!selectors.add(selector)) {
                throw new IllegalArgumentException(files.get(i) + ": a second report of engine " + selector
                        + " (each engine once: its selector is its key on the page)");
            }
            if (!report.path("tck").path("features_digest").asText().equals(digest)) {
                throw new IllegalArgumentException(files.get(i) + ": judged another suite (features digest "
                        + report.path("tck").path("features_digest").asText() + ") than " + files.get(0) + " (" + digest + ")");
            }
            engines.add(engine(report, selector));
        }

        Map<String, Scenario> byId = new TreeMap<>(ScenarioIdOrder.INSTANCE);
        Map<String, Outcome[]> outcomes = new LinkedHashMap<>();
        for (int e = 0; e < reports.size(); e++) {
            for (JsonNode s : reports.get(e).path("scenarios")) {
                String id = s.path("id").asText();
                if (!byId.containsKey(id)) {
                    List<String> spec = new ArrayList<>();
                    s.path("spec").forEach(x -> spec.add(x.asText()));
                    Matcher folder = FEATURE_FOLDER.matcher(s.path("uri").asText());
                    byId.put(id, new Scenario(id, s.path("name").asText(), folder.find() ? folder.group(1) : "",
                            s.path("level").asText(), List.copyOf(spec), null));
                }
                outcomes.computeIfAbsent(id, k -> new Outcome[reports.size()])[e] = Outcome.valueOf(s.path("outcome").asText());
            }
        }
        List<Scenario> scenarios = byId.values().stream().map(s -> new Scenario(s.id(), s.name(), s.area(), s.level(), s.spec(),
                java.util.Arrays.asList(outcomes.get(s.id())))).toList();
        return new ConformanceMatrix(List.copyOf(engines), scenarios, areas(scenarios, engines.size()),
                rules(catalogue, scenarios, engines.size()), digest);
    }

    private static Engine engine(JsonNode report, String selector) {
        JsonNode engine = report.path("engine");
        List<String> capabilities = new ArrayList<>();
        engine.path("capabilities").forEach(c -> capabilities.add(c.asText()));
        Map<Outcome, Long> totals = new EnumMap<>(Outcome.class);
        for (Outcome outcome : OUTCOMES) {
            long n = 0;
            for (JsonNode level : report.path("counts")) {
                n += level.path(outcome.name()).asLong();
            }
            totals.put(outcome, n);
        }
        return new Engine(selector, engine.path("name").asText(), engine.path("version").asText(), List.copyOf(capabilities),
                report.path("verdict").asText(), totals, report.path("counts").path("must").path(Outcome.PASS.name()).asLong(),
                report.path("denominators").path("must_applicable").asLong());
    }

    private static List<Area> areas(List<Scenario> scenarios, int engines) {
        Map<String, List<Scenario>> byPrefix = new LinkedHashMap<>();
        scenarios.stream().sorted((a, b) -> prefix(a.id()).compareTo(prefix(b.id())))
                .forEach(s -> byPrefix.computeIfAbsent(prefix(s.id()), k -> new ArrayList<>()).add(s));
        List<Area> areas = new ArrayList<>();
        byPrefix.forEach((prefix, members) -> areas.add(new Area(prefix, members.get(0).area(), members.size(),
                counts(members, engines))));
        return List.copyOf(areas);
    }

    private static List<RuleRow> rules(RulesCatalogue catalogue, List<Scenario> scenarios, int engines) {
        List<RuleRow> rows = new ArrayList<>();
        for (RulesCatalogue.Rule rule : catalogue.rules()) {
            List<Scenario> checking = scenarios.stream().filter(s -> rule.scenarios().stream().anyMatch(ref -> names(ref, s.id())))
                    .toList();
            rows.add(new RuleRow(rule, checking.stream().map(Scenario::id).toList(), counts(checking, engines)));
        }
        return List.copyOf(rows);
    }

    /** A rule's reference names a scenario: itself, one outline row, or (a bare outline id) every row. */
    private static boolean names(String reference, String id) {
        return reference.equals(id) || !reference.contains("#") && baseId(id).equals(reference);
    }

    private static String baseId(String id) {
        int hash = id.indexOf('#');
        return hash < 0 ? id : id.substring(0, hash);
    }

    private static List<Map<Outcome, Long>> counts(List<Scenario> scenarios, int engines) {
        List<Map<Outcome, Long>> out = new ArrayList<>();
        for (int e = 0; e < engines; e++) {
            Map<Outcome, Long> counts = new EnumMap<>(Outcome.class);
            for (Scenario s : scenarios) {
                Outcome outcome = s.outcomes().get(e);
                if (outcome != null) {
                    counts.merge(outcome, 1L, Long::sum);
                }
            }
            out.add(counts);
        }
        return List.copyOf(out);
    }

    /** {@code AE-0001#3} is of area {@code AE}. */
    static String prefix(String id) {
        int dash = id.indexOf('-');
        return dash < 0 ? id : id.substring(0, dash);
    }
}
