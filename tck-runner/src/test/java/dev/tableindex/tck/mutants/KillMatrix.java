package dev.tableindex.tck.mutants;

import dev.tableindex.tck.api.TckEngineProvider;
import dev.tableindex.tck.engine.Engines;
import dev.tableindex.tck.integrity.RulesCatalogue;
import dev.tableindex.tck.integrity.RulesCatalogue.Level;
import dev.tableindex.tck.integrity.RulesCatalogue.Rule;
import dev.tableindex.tck.run.Outcome;
import dev.tableindex.tck.run.ScenarioResult;
import dev.tableindex.tck.run.TckReport;
import dev.tableindex.tck.run.TckRun;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The kill matrix: each mutant engine ({@link MutantEngine}) runs the scenarios of the rules it says
 * it breaks ({@link RulesCatalogue}), in process, through {@link TckRun}; a rule is killed by a mutant
 * when one of its scenarios comes out FAIL (for a should, may or decision rule also ADVISORY_FAIL,
 * which never satisfies a must rule). An ERROR is no verdict, so it kills nothing.
 *
 * <p>A rule id of a document that has no catalogue file yet (its AREA says which) waits: the mutant is not
 * run on it, as the integrity checks skip such documents.
 *
 * <p>Problems (each fails {@code KillMatrixTest}): a mutant breaks a rule the catalogue does not have;
 * a mutant survives a rule it breaks; a must rule has no mutant that its scenarios kill and no written
 * {@code gap} (why not yet); a rule with a gap is killed (the gap is stale: a ratchet); a mutant's
 * name is malformed or taken twice, or it breaks nothing, or has no flaw.
 *
 * <p>{@link #report} is {@code docs/kill-matrix.md}.
 */
public final class KillMatrix {

    /** How {@code docs/kill-matrix.md} is regenerated (the one mechanism: a system property of KillMatrixTest). */
    public static final String COMMAND = "mvn -B -pl tck-runner -am test -Dtest=KillMatrixTest"
            + " -Dsurefire.failIfNoSpecifiedTests=false -Dtck.killMatrix.write=true";
    private static final Pattern NAME = Pattern.compile("mutant-[a-z0-9]+(-[a-z0-9]+)*");

    /**
     * What one mutant did to one rule it breaks.
     *
     * @param failed   the rule's scenarios (result ids, rows as {@code <id>#<n>}) that came out FAIL
     * @param advisory those that came out ADVISORY_FAIL
     * @param others   the rest, as {@code <id> <OUTCOME>}, to explain a survivor
     */
    public record Kill(String mutant, String flaw, Rule rule, List<String> failed, List<String> advisory,
                      List<String> others) {
        public boolean killed() {
            return killedAt(rule.scoring(), failed, advisory);
        }
    }

    /** Whether FAIL / ADVISORY_FAIL results kill a rule of {@code level}: an advisory never kills a must. */
    static boolean killedAt(Level level, List<String> failed, List<String> advisory) {
        return !failed.isEmpty() || (level != Level.MUST && !advisory.isEmpty());
    }

    private final RulesCatalogue catalogue;
    private final Set<String> documents;
    private final List<MutantEngine> mutants;
    private final List<Kill> kills;
    private final List<Waiting> waiting;
    private final List<String> problems;

    /** A rule a mutant breaks in a document that has no catalogue file yet: not run, not a problem. */
    public record Waiting(String mutant, String rule, String document) {
    }

    private KillMatrix(RulesCatalogue catalogue, Set<String> documents, List<MutantEngine> mutants, List<Kill> kills,
                       List<Waiting> waiting, List<String> problems) {
        this.catalogue = catalogue;
        this.documents = documents;
        this.mutants = mutants;
        this.kills = kills;
        this.waiting = waiting;
        this.problems = problems;
    }

    /** Rules of mutants that wait for their document's catalogue. */
    public List<Waiting> waiting() {
        return waiting;
    }

    /** Every {@link MutantEngine} registered as a {@link TckEngineProvider} (ServiceLoader), by name. */
    public static List<MutantEngine> registered() {
        return ServiceLoader.load(TckEngineProvider.class).stream().map(ServiceLoader.Provider::get)
                .filter(MutantEngine.class::isInstance).map(MutantEngine.class::cast)
                .sorted(Comparator.comparing(MutantEngine::name)).toList();
    }

    /**
     * Runs every mutant on the scenarios of the rules it breaks.
     *
     * @param documents  the spec documents' file names (those without a catalogue are listed as such)
     * @param reports    a folder for each mutant's run reports ({@code <reports>/<mutant>/})
     * @param log        one line per mutant: what ran, what it killed, how long it took
     */
    public static KillMatrix run(RulesCatalogue catalogue, Set<String> documents, List<? extends MutantEngine> mutants,
                                 Path reports, PrintWriter log) {
        List<String> problems = new ArrayList<>();
        catalogue.problems().forEach(p -> problems.add("catalogue: " + p));
        List<MutantEngine> sorted = mutants.stream().sorted(Comparator.comparing(MutantEngine::name))
                .map(MutantEngine.class::cast).toList();
        Set<String> names = new HashSet<>();
        List<Kill> kills = new ArrayList<>();
        List<Waiting> waiting = new ArrayList<>();
        for (MutantEngine mutant : sorted) {
            String who = mutant.name() + " (" + mutant.getClass().getName() + ")";
            if (!NAME.matcher(mutant.name()).matches()) {
                problems.add(who + ": name is not mutant-<kebab-case-flaw>");
            }
            if (!names.add(mutant.name())) {
                problems.add(who + ": another mutant has this name");
                continue;
            }
            if (mutant.flaw() == null || mutant.flaw().isBlank()) {
                problems.add(who + ": no flaw (say the bug in one sentence)");
            }
            if (mutant.breaks().isEmpty()) {
                problems.add(who + ": breaks no rule");
            }
            List<Rule> rules = new ArrayList<>();
            for (String id : new TreeSet<>(mutant.breaks())) {
                Optional<Rule> rule = catalogue.rule(id);
                Optional<String> uncatalogued = uncataloguedDocument(catalogue, id);
                if (rule.isPresent() && !rule.get().inScope()) {
                    problems.add(who + ": breaks " + id + ", which its catalogue puts out of the kit's scope ("
                            + rule.get().outOfScope() + ")");
                } else if (rule.isPresent()) {
                    rules.add(rule.get());
                } else if (uncatalogued.isPresent()) {
                    waiting.add(new Waiting(mutant.name(), id, uncatalogued.get()));
                } else {
                    problems.add(who + ": breaks " + id + ", which no catalogue in features/rules/ has");
                }
            }
            if (rules.isEmpty() && waiting.stream().anyMatch(w -> w.mutant().equals(mutant.name()))) {
                log.printf("kill matrix: %-45s waits for %s%n", mutant.name(), waiting.stream()
                        .filter(w -> w.mutant().equals(mutant.name())).map(Waiting::document).distinct().toList());
                continue;
            }
            long started = System.nanoTime();
            List<ScenarioResult> results = runScenarios(mutant, rules, reports, log);
            for (Rule rule : rules) {
                Kill kill = judge(mutant, rule, results);
                kills.add(kill);
                if (!kill.killed()) {
                    problems.add(who + " survives " + rule.id() + " (" + rule.level().label() + ", " + rule.location()
                            + "): " + (rule.scenarios().isEmpty() ? "no scenario checks it"
                            : kill.advisory().isEmpty() && kill.others().isEmpty() ? "none of its scenarios ran"
                            : "its scenarios came out " + String.join(", ", explain(kill))));
                }
            }
            log.printf("kill matrix: %-45s %5d ms, %d scenario results, killed %s%n", mutant.name(),
                    Duration.ofNanos(System.nanoTime() - started).toMillis(), results.size(),
                    kills.stream().filter(k -> k.mutant().equals(mutant.name()) && k.killed())
                            .map(k -> k.rule().id()).toList());
            log.flush();
        }
        for (Rule rule : catalogue.rules()) {
            boolean killed = kills.stream().anyMatch(k -> k.rule().equals(rule) && k.killed());
            if (!rule.inScope()) {
                continue;
            }
            if (rule.gap() != null && (killed || rule.level() != Level.MUST)) {
                problems.add(rule.id() + " (" + rule.location() + ") has a gap written, but "
                        + (killed ? "a mutant kills it now: remove the gap" : "only must rules have gaps"));
            } else if (rule.level() == Level.MUST && !killed && rule.gap() == null) {
                problems.add(rule.id() + " (must, " + rule.location() + ") has no mutant that its scenarios kill"
                        + (rule.scenarios().isEmpty() ? " (no scenario checks it)" : "")
                        + "; write a mutant, or say why not yet with `gap:`");
            }
        }
        return new KillMatrix(catalogue, Set.copyOf(documents), sorted, List.copyOf(kills), List.copyOf(waiting),
                List.copyOf(problems));
    }

    /**
     * The document of a rule id that the catalogue does not have, when that document has no catalogue file yet
     * (its AREA names it, {@link RulesCatalogue#AREAS}): the mutant waits for it, as the integrity checks do.
     */
    private static Optional<String> uncataloguedDocument(RulesCatalogue catalogue, String id) {
        java.util.regex.Matcher m = RulesCatalogue.RULE_ID.matcher(id);
        if (!m.matches()) {
            return Optional.empty();
        }
        return RulesCatalogue.documentOfArea(m.group(1)).filter(d -> !catalogue.documents().contains(d));
    }

    private static List<String> explain(Kill kill) {
        List<String> out = new ArrayList<>();
        kill.advisory().forEach(id -> out.add(id + " ADVISORY_FAIL (does not kill a must rule)"));
        out.addAll(kill.others());
        return out;
    }

    /** One in-process run of the mutant over the scenarios its rules list (none: no run). */
    private static List<ScenarioResult> runScenarios(MutantEngine mutant, List<Rule> rules, Path reports, PrintWriter log) {
        Set<String> ids = new TreeSet<>();
        rules.forEach(r -> r.scenarios().forEach(ref -> ids.add(baseId(ref))));
        if (ids.isEmpty()) {
            return List.of();
        }
        String tags = ids.stream().map(id -> "@id:" + id).collect(Collectors.joining(" or "));
        TckReport report = TckRun.run(new TckRun.Options(mutant.name(), tags, null, reports.resolve(mutant.name()),
                        false, false, new Engines.Timeouts(Duration.ofSeconds(60), Duration.ofSeconds(30)),
                        Path.of(System.getProperty("tck.workdir", "."))),
                new PrintWriter(PrintWriter.nullWriter()));
        return report.scenarios();
    }

    private static Kill judge(MutantEngine mutant, Rule rule, List<ScenarioResult> results) {
        List<String> failed = new ArrayList<>();
        List<String> advisory = new ArrayList<>();
        List<String> others = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (String ref : rule.scenarios()) {
            for (ScenarioResult r : results) {
                boolean matches = ref.contains("#") ? r.id().equals(ref) : r.id().equals(ref) || r.id().startsWith(ref + "#");
                if (!matches || !seen.add(r.id())) {
                    continue;
                }
                if (r.outcome() == Outcome.FAIL) {
                    failed.add(r.id());
                } else if (r.outcome() == Outcome.ADVISORY_FAIL) {
                    advisory.add(r.id());
                } else {
                    others.add(r.id() + " " + r.outcome() + (r.outcome() == Outcome.ERROR ? " (" + r.message() + ")" : ""));
                }
            }
        }
        return new Kill(mutant.name(), mutant.flaw(), rule, List.copyOf(failed), List.copyOf(advisory), List.copyOf(others));
    }

    private static String baseId(String ref) {
        int hash = ref.indexOf('#');
        return hash < 0 ? ref : ref.substring(0, hash);
    }

    public List<Kill> kills() {
        return kills;
    }

    /** Everything that fails the matrix; empty when every mutant is killed and every must rule has a killer. */
    public List<String> problems() {
        return problems;
    }

    /**
     * One document's statements, each counted once: out of the kit's scope ({@code scope: out}); else by level
     * a non-normative line, a freedom ({@code may}: never scored), a kit decision; else (must and should) strict
     * (a mutant that breaks it is killed by its scenarios), weak (scenarios check it, no mutant shows a wrong
     * engine caught) or not checked (no scenario).
     */
    public record Audit(String document, String catalogueFile, int statements, int strict, int weak, int unchecked,
                        int outOfScope, int nonNormative, int may, int decision) {
    }

    /** Where a statement stands in the audit. */
    public enum Standing {
        STRICT, WEAK, UNCHECKED, OUT_OF_SCOPE, NON_NORMATIVE, MAY, DECISION
    }

    /** The audit's column of {@code rule}. */
    public Standing standing(Rule rule) {
        if (!rule.inScope()) {
            return Standing.OUT_OF_SCOPE;
        }
        return switch (rule.level()) {
            case NON_NORMATIVE -> Standing.NON_NORMATIVE;
            case MAY -> Standing.MAY;
            case DECISION -> Standing.DECISION;
            case MUST, SHOULD -> killed(rule) ? Standing.STRICT : rule.checked() ? Standing.WEAK : Standing.UNCHECKED;
        };
    }

    /** The audit per document, for all rules ({@code mustOnly} false) or for must rules only. */
    public List<Audit> audit(boolean mustOnly) {
        List<Audit> out = new ArrayList<>();
        Map<String, String> fileByDocument = new LinkedHashMap<>();
        catalogue.documentsByFile().forEach((file, doc) -> fileByDocument.put(doc, file));
        for (String document : new TreeSet<>(documents)) {
            String file = fileByDocument.get(document);
            Map<Standing, Integer> count = new java.util.EnumMap<>(Standing.class);
            List<Rule> rules = catalogue.rulesOf(document).stream()
                    .filter(r -> !mustOnly || r.level() == Level.MUST).toList();
            rules.forEach(r -> count.merge(standing(r), 1, Integer::sum));
            out.add(new Audit(document, file, rules.size(), count.getOrDefault(Standing.STRICT, 0),
                    count.getOrDefault(Standing.WEAK, 0), count.getOrDefault(Standing.UNCHECKED, 0),
                    count.getOrDefault(Standing.OUT_OF_SCOPE, 0), count.getOrDefault(Standing.NON_NORMATIVE, 0),
                    count.getOrDefault(Standing.MAY, 0), count.getOrDefault(Standing.DECISION, 0)));
        }
        return out;
    }

    private boolean killed(Rule rule) {
        return kills.stream().anyMatch(k -> k.rule().equals(rule) && k.killed());
    }

    /** {@code docs/kill-matrix.md}. */
    public String report() {
        StringBuilder md = new StringBuilder();
        md.append("# Kill matrix: each rule, the mutant engines that break it, the scenarios that catch them\n\n");
        md.append("<!-- generated, do not edit: ").append(COMMAND).append(" -->\n\n");
        md.append("Generated by `KillMatrixTest` (tck-runner tests, part of `mvn verify`), which fails when this page is\n")
                .append("not current. Regenerate it with\n\n```sh\n").append(COMMAND).append("\n```\n\n");
        md.append("Each spec document in `spec/` has a rules catalogue, `features/rules/<document-stem>.yaml`: its\n")
                .append("statements one by one, each with its level (the document's own must, should or may; `decision` for\n")
                .append("a kit decision; `non-normative` for a line that requires nothing), its scope (`scope: out` with\n")
                .append("why, for a statement outside the kit's scope) and the scenarios that check it (schema\n")
                .append("`tck-runner/src/main/resources/schemas/rules-catalogue.schema.json`, checked by `SuiteIntegrity`).\n")
                .append("A mutant engine (`tck-runner/src/test/java/dev/tableindex/tck/mutants/`) is a copy of the reference\n")
                .append("engine with exactly one plausible bug; it names the rules it breaks. The test runs each mutant, in\n")
                .append("process, on the scenarios of those rules. A rule is killed by a mutant when one of its scenarios\n")
                .append("comes out FAIL; for a should, may, non-normative or decision rule an ADVISORY_FAIL also counts\n")
                .append("(marked *advisory*), never for a must rule (except one that only a kit decision makes observable,\n")
                .append("scored at should: listed below). The test fails when a mutant survives a rule it breaks, when a must\n")
                .append("rule in scope has no mutant that its scenarios kill and no written `gap:` (why not yet; listed under\n")
                .append("Gaps, and a gap on a rule that a mutant kills fails too), or when a mutant names a rule no catalogue\n")
                .append("has, or one out of scope. A document without a catalogue file is not judged yet, and a mutant's rules\n")
                .append("in it wait for it (the rule id's AREA names the document).\n\n");

        md.append("## Audit\n\n");
        md.append("Per document, every statement of its catalogue, each in one column. Judged (must and should):\n")
                .append("**strict**, a mutant that breaks it is killed by its scenarios (a should by an ADVISORY_FAIL);\n")
                .append("**weak**, scenarios check it but no mutant shows a wrong engine caught; **not checked**, no\n")
                .append("scenario. Not judged: **out of scope** (`scope: out`, with why), **non-normative** (an aim, a\n")
                .append("rationale, an example, a question or a plan: checked, if at all, at should), **may** (a freedom,\n")
                .append("never scored, so never weak), **kit decision** (the kit's choice where the document is silent,\n")
                .append("checked by `@open` or should scenarios). Computed from the catalogue and this run, never declared.\n\n");
        auditTable(md, "All statements", audit(false));
        auditTable(md, "Must statements", audit(true));
        List<Rule> scoredAtShould = catalogue.rules().stream().filter(r -> r.scoring() != r.level()).toList();
        if (!scoredAtShould.isEmpty()) {
            md.append("Of these, ").append(scoredAtShould.size()).append(" must rule(s) fail a wrong engine at should only (an\n")
                    .append("ADVISORY_FAIL): only a kit decision makes them observable (\"Must rules scored at should\" below).\n\n");
        }
        long killedMutants = mutants.stream().filter(m -> kills.stream().anyMatch(k -> k.mutant().equals(m.name()) && k.killed()))
                .count();
        md.append(mutants.size()).append(" mutants, ").append(killedMutants).append(" killed; ")
                .append(catalogue.rules().size()).append(" rules in ").append(catalogue.documents().size())
                .append(" catalogues.\n");

        List<Rule> gaps = catalogue.rules().stream().filter(r -> r.gap() != null).toList();
        md.append("\n## Gaps: must rules no mutant kills yet\n\n");
        if (gaps.isEmpty()) {
            md.append("None: every must rule has a mutant that its scenarios kill.\n");
        } else {
            md.append("Each is written in its catalogue with `gap:` (why not yet). The matrix lists them instead of failing,\n")
                    .append("and fails once a mutant kills one whose gap is still written. Until then a wrong engine may pass them.\n\n")
                    .append("| rule | statement | checked by | why no mutant yet |\n|---|---|---|---|\n");
            for (Rule r : gaps) {
                md.append("| ").append(r.id()).append(" | ").append(cell(r.statement())).append(" | ")
                        .append(r.checked() ? String.join(", ", r.scenarios()) : "no scenario").append(" | ")
                        .append(cell(r.gap())).append(" |\n");
            }
        }

        List<Rule> weak = catalogue.rules().stream()
                .filter(r -> standing(r) == Standing.WEAK || standing(r) == Standing.UNCHECKED).toList();
        md.append("\n## Weak and unchecked statements\n\n");
        if (weak.isEmpty()) {
            md.append("None: every must and should statement in scope has a mutant that its scenarios kill.\n");
        } else {
            md.append("Must and should statements in scope that no mutant shows to be caught: a plausible wrong engine\n")
                    .append("may pass them.\n\n| rule | level | statement | checked by |\n|---|---|---|---|\n");
            for (Rule r : weak) {
                md.append("| ").append(r.id()).append(" | ").append(r.level().label()).append(" | ")
                        .append(cell(r.statement())).append(" | ")
                        .append(r.checked() ? String.join(", ", r.scenarios()) : "no scenario").append(" |\n");
            }
        }

        if (!scoredAtShould.isEmpty()) {
            md.append("\n## Must rules scored at should\n\n")
                    .append("A must statement that can be observed only where a kit decision puts it: the decision is never a\n")
                    .append("must (decision 0007), so its scenarios are should and an ADVISORY_FAIL of its mutant kills it.\n")
                    .append("The catalogue says why with `scoredAtShould:`.\n\n")
                    .append("| rule | statement | checked by | why at should |\n|---|---|---|---|\n");
            for (Rule r : scoredAtShould) {
                md.append("| ").append(r.id()).append(" | ").append(cell(r.statement())).append(" | ")
                        .append(String.join(", ", r.scenarios())).append(" | ").append(cell(r.scoredAtShould())).append(" |\n");
            }
        }

        md.append("\n## Mutants\n\n");
        if (mutants.isEmpty()) {
            md.append("No mutant is registered.\n");
        } else {
            md.append("| mutant | flaw | breaks | killed by |\n|---|---|---|---|\n");
            for (MutantEngine m : mutants) {
                List<Kill> own = kills.stream().filter(k -> k.mutant().equals(m.name())).toList();
                List<String> waits = waiting.stream().filter(w -> w.mutant().equals(m.name()))
                        .map(w -> w.rule() + " waits for a catalogue of `" + w.document() + "`").toList();
                List<String> verdict = new ArrayList<>();
                if (!own.isEmpty()) {
                    verdict.add(own.stream().anyMatch(Kill::killed) ? own.stream().flatMap(k -> killers(k).stream())
                            .distinct().collect(Collectors.joining(", ")) : "**survives**");
                }
                verdict.addAll(waits);
                md.append("| `").append(m.name()).append("` | ").append(cell(m.flaw())).append(" | ")
                        .append(new TreeSet<>(m.breaks()).stream().collect(Collectors.joining(", "))).append(" | ")
                        .append(verdict.isEmpty() ? "**survives**" : String.join("; ", verdict))
                        .append(" |\n");
            }
        }

        for (Audit a : audit(false)) {
            md.append("\n## `").append(a.document()).append("`\n\n");
            if (a.catalogueFile() == null) {
                md.append("No catalogue file yet (`features/rules/").append(RulesCatalogue.stem(a.document()))
                        .append(".yaml`).\n");
                continue;
            }
            md.append("Catalogue: `").append(a.catalogueFile()).append("`.\n\n");
            md.append("| rule | level | statement | mutant | flaw | killing scenarios |\n|---|---|---|---|---|---|\n");
            for (Rule rule : catalogue.rulesOf(a.document())) {
                List<Kill> own = kills.stream().filter(k -> k.rule().equals(rule)).toList();
                String head = "| " + rule.id() + " | " + rule.level().label()
                        + (rule.scoring() != rule.level() ? ", scored at " + rule.scoring().label() : "") + " | "
                        + cell(rule.statement()) + " | ";
                if (own.isEmpty()) {
                    md.append(head).append("— | — | ").append(!rule.inScope() ? "out of scope: " + cell(rule.outOfScope())
                                    : rule.checked() ? "no mutant (checked by " + String.join(", ", rule.scenarios()) + ")"
                                    : "no scenario checks it")
                            .append(" |\n");
                }
                for (Kill k : own) {
                    md.append(head).append('`').append(k.mutant()).append("` | ").append(cell(k.flaw())).append(" | ")
                            .append(k.killed() ? String.join(", ", killers(k)) : "**survives**").append(" |\n");
                }
            }
        }
        return md.toString();
    }

    private static List<String> killers(Kill k) {
        List<String> out = new ArrayList<>(k.failed());
        if (k.rule().scoring() != Level.MUST) {
            k.advisory().forEach(id -> out.add(id + " *advisory*"));
        }
        return out;
    }

    private static void auditTable(StringBuilder md, String title, List<Audit> rows) {
        md.append("**").append(title).append("**\n\n");
        md.append("| document | statements | strict | weak | not checked | out of scope | non-normative | may | kit decision |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Audit a : rows) {
            md.append("| `").append(a.document()).append("` | ");
            if (a.catalogueFile() == null) {
                md.append("no catalogue yet | | | | | | | |\n");
            } else {
                md.append(a.statements()).append(" | ").append(a.strict()).append(" | ").append(a.weak()).append(" | ")
                        .append(a.unchecked()).append(" | ").append(a.outOfScope()).append(" | ").append(a.nonNormative())
                        .append(" | ").append(a.may()).append(" | ").append(a.decision()).append(" |\n");
            }
        }
        md.append('\n');
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replaceAll("\\s+", " ").strip();
    }
}
