package dev.tableindex.tck.integrity;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.tck.integrity.FeatureSuite.TckScenario;
import dev.tableindex.tck.integrity.SpecDocuments.Kind;
import dev.tableindex.tck.integrity.SpecDocuments.Section;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Which scenarios cite which spec section, and which sections no scenario covers.
 *
 * <p>Rows: every Markdown heading; for a {@code .proto} document the messages, fields, enums and
 * enum values that at least one scenario cites, plus the messages {@link #PROTO_ALWAYS} and all
 * their fields, so that gaps in the index metadata show. A scenario covers exactly the anchor it
 * cites: citing a field does not cover its message, citing a sub-heading does not cover its parent.
 */
public final class Traceability {

    /** Proto messages always listed, with all their fields, cited or not. */
    public static final List<String> PROTO_ALWAYS = List.of("IndexMetadata", "IndexSection", "IndexFile", "Manifest");

    /** How the document is produced; the first lines of the Markdown report. */
    public static final String COMMAND = "./tck trace > docs/traceability.md";

    private Traceability() {
    }

    /** One row: a section and the ids of the scenarios that cite it (sorted). */
    public record Row(Section section, List<String> scenarios) {
        public boolean covered() {
            return !scenarios.isEmpty();
        }
    }

    /** A citation that names no section (also a {@link SuiteIntegrity} violation). */
    public record Unresolved(String scenario, String location, String citation) {}

    /** The rows per document (documents sorted by name, rows in document order). */
    public static Map<String, List<Row>> rows(FeatureSuite features, SpecDocuments specDocuments) {
        Map<String, Set<String>> citedBy = new LinkedHashMap<>();
        for (TckScenario s : features.scenarios()) {
            for (String c : s.specs()) {
                citedBy.computeIfAbsent(c, k -> new TreeSet<>()).add(label(s));
            }
        }
        Map<String, List<Row>> out = new LinkedHashMap<>();
        specDocuments.sections().forEach((file, sections) -> {
            boolean proto = file.endsWith(".proto");
            List<Row> rows = new ArrayList<>();
            for (Section sec : sections) {
                Set<String> ids = citedBy.getOrDefault(sec.citation(), Set.of());
                if (!proto || !ids.isEmpty() || alwaysListed(sec)) {
                    rows.add(new Row(sec, List.copyOf(ids)));
                }
            }
            out.put(file, rows);
        });
        return out;
    }

    /** Citations that do not resolve, in suite order. */
    public static List<Unresolved> unresolved(FeatureSuite features, SpecDocuments specDocuments) {
        List<Unresolved> out = new ArrayList<>();
        for (TckScenario s : features.scenarios()) {
            for (String c : new LinkedHashSet<>(s.specs())) {
                if (!specDocuments.resolves(c)) {
                    out.add(new Unresolved(label(s), s.location(), c));
                }
            }
        }
        return out;
    }

    private static boolean alwaysListed(Section sec) {
        String message = sec.kind() == Kind.MESSAGE ? sec.anchor() : sec.kind() == Kind.FIELD ? sec.parent() : null;
        return message != null && PROTO_ALWAYS.contains(message);
    }

    /** A scenario's id, or {@code file:line} when it has none (a violation of its own). */
    private static String label(TckScenario s) {
        return s.id().orElse(s.location());
    }

    /** The Markdown report, as written to {@code docs/traceability.md}. */
    public static String report(FeatureSuite features, SpecDocuments specDocuments) {
        Map<String, List<Row>> rows = rows(features, specDocuments);
        List<Unresolved> unresolved = unresolved(features, specDocuments);
        StringBuilder md = new StringBuilder();
        md.append("# Traceability: spec sections and the scenarios that cite them\n\n");
        md.append("<!-- generated, do not edit: ").append(COMMAND).append(" -->\n\n");
        md.append("Generated, do not edit. Regenerate with `").append(COMMAND).append("` (the `tck trace` command,\n")
                .append("which calls `dev.tableindex.tck.integrity.Traceability.report`).\n\n");
        md.append("Each row is a citable section of a spec document in `spec/` (anchor rules: `spec/README.md`) and\n")
                .append("the ids of the scenarios in `features/` whose `@spec:<file>#<anchor>` tag cites it. A scenario\n")
                .append("covers exactly the anchor it cites. Markdown documents list every heading; `.proto` documents\n")
                .append("list the messages and fields some scenario cites, plus `")
                .append(String.join("`, `", PROTO_ALWAYS)).append("` and all their fields.\n\n");
        md.append("Suite conventions checked by `SuiteIntegrity` (run by `SuiteIntegrityTest`):\n\n")
                .append("- Every Scenario carries exactly one `@id:<AREA>-<NNNN>` (AREA 2-6 upper-case letters, NNNN 4 digits),\n")
                .append("  unique across the suite, on the Scenario or its Examples block (never on a Feature or Rule). An outline with\n")
                .append("  one Examples block is one scenario (its id on the outline or the Examples block); an outline with\n")
                .append("  several Examples blocks is one scenario per Examples block, each with its own `@id` on the Examples\n")
                .append("  block. The rows of one Examples block share its id.\n")
                .append("- Every scenario has at least one `@spec:<file>#<anchor>` that resolves, exactly one `@level:must` or\n")
                .append("  `@level:should`, and at least one `@requires:<capability>` from the `Capability` registry. Tags on\n")
                .append("  the Feature, Rule, Scenario and Examples block add up. No other tags exist.\n")
                .append("- `@open` marks a scenario whose spec clause is unsettled; the scenario's description (the text under\n")
                .append("  the Scenario line, or under the Examples line) states the open question.\n")
                .append("- `features/CHANGELOG.md` has one `## <version>` section per TCK version (newest first, or\n")
                .append("  `## Unreleased`) with lines `- added|changed|removed <ID> <text>`. Every id in the suite is added\n")
                .append("  there; an added id that is not removed is in the suite; a removed id is never used again.\n\n");

        md.append("## Summary\n\n| document | sections | covered | not covered |\n|---|---:|---:|---:|\n");
        int scenarios = features.scenarios().size();
        rows.forEach((file, list) -> {
            long covered = list.stream().filter(Row::covered).count();
            md.append("| `").append(file).append("` | ").append(list.size()).append(" | ").append(covered)
                    .append(" | ").append(list.size() - covered).append(" |\n");
        });
        md.append("\n").append(scenarios).append(" scenarios in ").append(features.featureFiles().size())
                .append(" feature files.\n");
        catalogueSection(md, RulesCatalogue.of(features.rulesFiles(), specDocuments.files()), specDocuments);
        if (!unresolved.isEmpty()) {
            md.append("\n## Citations that do not resolve\n\n| scenario | where | citation |\n|---|---|---|\n");
            unresolved.forEach(u -> md.append("| ").append(u.scenario()).append(" | `").append(u.location())
                    .append("` | `").append(u.citation()).append("` |\n"));
        }
        rows.forEach((file, list) -> {
            md.append("\n## `").append(file).append("`\n\n");
            if (list.isEmpty()) {
                md.append("No sections listed.\n");
                return;
            }
            md.append("| section | anchor | scenarios |\n|---|---|---|\n");
            for (Row r : list) {
                Section s = r.section();
                String indent = s.kind() == Kind.HEADING ? "&nbsp;".repeat(2 * Math.max(0, s.level() - 1))
                        : s.kind() == Kind.FIELD || s.kind() == Kind.ENUM_VALUE ? "&nbsp;&nbsp;" : "";
                md.append("| ").append(indent).append(cell(s.heading())).append(" | `#").append(s.anchor())
                        .append("` | ").append(r.covered() ? String.join(", ", r.scenarios()) : "—").append(" |\n");
            }
            List<Row> gaps = list.stream().filter(r -> !r.covered()).collect(Collectors.toList());
            md.append("\nNot covered (").append(gaps.size()).append(" of ").append(list.size()).append(")");
            if (gaps.isEmpty()) {
                md.append(": none.\n");
            } else {
                md.append(": ").append(gaps.stream().map(r -> "`#" + r.section().anchor() + "`")
                        .collect(Collectors.joining(", "))).append("\n");
            }
        });
        return md.toString();
    }

    /** The same content as JSON: documents, their rows and gaps, and unresolved citations. */
    public static String reportJson(FeatureSuite features, SpecDocuments specDocuments) {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        root.put("generated_by", COMMAND.replace(" > docs/traceability.md", " --json"));
        root.put("scenarios", features.scenarios().size());
        ArrayNode docs = root.putArray("documents");
        Map<String, CatalogueCounts> counts = new LinkedHashMap<>();
        catalogueCounts(RulesCatalogue.of(features.rulesFiles(), specDocuments.files()), specDocuments)
                .forEach(c -> counts.put(c.document(), c));
        rows(features, specDocuments).forEach((file, list) -> {
            ObjectNode doc = docs.addObject();
            doc.put("file", file);
            CatalogueCounts c = counts.get(file);
            if (c != null && c.catalogueFile() != null) {
                ObjectNode rules = doc.putObject("rules");
                rules.put("catalogue", c.catalogueFile());
                rules.put("statements", c.statements());
                c.byLevel().forEach((level, n) -> rules.put(level.label(), n));
                rules.put("out_of_scope", c.outOfScope());
                rules.put("checked", c.checked());
                rules.put("unchecked", c.unchecked());
            }
            ArrayNode sections = doc.putArray("sections");
            ArrayNode uncovered = doc.putArray("uncovered");
            for (Row r : list) {
                Section s = r.section();
                ObjectNode n = sections.addObject();
                n.put("anchor", s.anchor());
                n.put("citation", s.citation());
                n.put("heading", s.heading());
                n.put("kind", s.kind().name().toLowerCase(java.util.Locale.ROOT));
                n.put("level", s.level());
                n.put("line", s.line());
                ArrayNode ids = n.putArray("scenarios");
                r.scenarios().forEach(ids::add);
                if (!r.covered()) {
                    uncovered.add(s.anchor());
                }
            }
        });
        ArrayNode bad = root.putArray("unresolved");
        unresolved(features, specDocuments).forEach(u -> {
            ObjectNode n = bad.addObject();
            n.put("scenario", u.scenario());
            n.put("location", u.location());
            n.put("citation", u.citation());
        });
        try {
            return mapper.writeValueAsString(root) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Per document: its rules in the catalogue, by level, how many are out of the kit's scope, and how many a
     * scenario checks (a statement out of scope is neither checked nor unchecked).
     */
    public record CatalogueCounts(String document, String catalogueFile, Map<RulesCatalogue.Level, Long> byLevel,
                                  long statements, long outOfScope, long checked) {
        public long unchecked() {
            return statements - outOfScope - checked;
        }
    }

    /** The catalogue counts of every document (sorted), {@code catalogueFile} null where there is no catalogue. */
    public static List<CatalogueCounts> catalogueCounts(RulesCatalogue catalogue, SpecDocuments specDocuments) {
        Map<String, String> fileByDocument = new LinkedHashMap<>();
        catalogue.documentsByFile().forEach((file, doc) -> fileByDocument.put(doc, file));
        List<CatalogueCounts> out = new ArrayList<>();
        for (String document : new TreeSet<>(specDocuments.files())) {
            List<RulesCatalogue.Rule> rules = catalogue.rulesOf(document);
            Map<RulesCatalogue.Level, Long> byLevel = new java.util.EnumMap<>(RulesCatalogue.Level.class);
            for (RulesCatalogue.Level level : RulesCatalogue.Level.values()) {
                byLevel.put(level, rules.stream().filter(r -> r.level() == level).count());
            }
            out.add(new CatalogueCounts(document, fileByDocument.get(document), byLevel, rules.size(),
                    rules.stream().filter(r -> !r.inScope()).count(),
                    rules.stream().filter(RulesCatalogue.Rule::checked).count()));
        }
        return out;
    }

    private static void catalogueSection(StringBuilder md, RulesCatalogue catalogue, SpecDocuments specDocuments) {
        md.append("\n## Rules catalogue and audit\n\n");
        md.append("Each document's normative statements, one by one, are its rules in `features/rules/<document-stem>.yaml`\n")
                .append("(checked by `SuiteIntegrity`): level (the document's must, should or may, a kit decision, or a\n")
                .append("non-normative line), scope (a statement out of the kit's scope says why) and the scenarios that check\n")
                .append("each. Which checked statements a wrong engine fails (a mutant engine that breaks\n")
                .append("the statement is killed by its scenarios) and which a plausible wrong engine may pass is only known by\n")
                .append("running the mutants: that audit is in [kill-matrix.md](kill-matrix.md#audit), generated by\n")
                .append("`KillMatrixTest`.\n\n");
        md.append("| document | catalogue | statements | must | should | may | decision | non-normative | out of scope"
                        + " | checked by a scenario | not checked |\n")
                .append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (CatalogueCounts c : catalogueCounts(catalogue, specDocuments)) {
            md.append("| `").append(c.document()).append("` | ");
            if (c.catalogueFile() == null) {
                md.append("none yet | | | | | | | | | |\n");
                continue;
            }
            md.append('`').append(c.catalogueFile()).append("` | ").append(c.statements());
            for (RulesCatalogue.Level level : RulesCatalogue.Level.values()) {
                md.append(" | ").append(c.byLevel().get(level));
            }
            md.append(" | ").append(c.outOfScope()).append(" | ").append(c.checked()).append(" | ").append(c.unchecked())
                    .append(" |\n");
        }
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }

    /**
     * {@code Traceability [--json] [--features DIR] [--spec DIR]}: prints the report of the
     * classpath suite and documents (or the given folders) to standard output.
     */
    public static void main(String[] args) {
        boolean json = false;
        Path featureDir = null;
        Path specDir = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--json" -> json = true;
                case "--features" -> featureDir = Path.of(args[++i]);
                case "--spec" -> specDir = Path.of(args[++i]);
                default -> {
                    System.err.println("usage: Traceability [--json] [--features DIR] [--spec DIR]");
                    System.exit(2);
                }
            }
        }
        FeatureSuite features = featureDir == null ? FeatureSuite.load() : FeatureSuite.fromFolder(featureDir);
        SpecDocuments spec = specDir == null ? SpecDocuments.load() : SpecDocuments.fromFolder(specDir);
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        out.print(json ? reportJson(features, spec) : report(features, spec));
        out.flush();
    }
}
