package dev.tableindex.tck.integrity;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonNodePath;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.PathType;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.tableindex.tck.integrity.LocatedYaml.Position;
import dev.tableindex.tck.run.ClasspathTree;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The rules catalogue: the normative statements of each spec document, statement by statement,
 * with the scenarios that check them ({@code features/rules/<document-stem>.yaml}, schema
 * {@code schemas/rules-catalogue.schema.json}). The kill matrix runs mutant engines on these rules.
 *
 * <p>A document's stem is its file name without {@code .md}, with {@code .proto} written
 * {@code -proto}: {@code lance-list-element-index.md} has {@code lance-list-element-index.yaml},
 * {@code lance-table.proto} has {@code lance-table-proto.yaml}. A document without a catalogue file
 * is not checked against one yet.
 *
 * <p>This class reads the files; {@link #check} judges them against the suite and the documents.
 */
public final class RulesCatalogue {

    /** Where the catalogue files sit, relative to the features folder. */
    public static final String FOLDER = "rules/";
    public static final Pattern RULE_ID = Pattern.compile("([A-Z][A-Z0-9]{1,5})-R[0-9]{3}");
    /** A scenario reference: a scenario id, or {@code <id>#<row>} for one row of an outline. */
    public static final Pattern SCENARIO_REF = Pattern.compile("([A-Z]{2,6}-[0-9]{4})(?:#([1-9][0-9]*))?");

    /** The AREA of each document's rule ids (killmatrix convention); a document not listed takes the area its file uses. */
    public static final Map<String, String> AREAS = Map.of(
            "lance-list-element-index.md", "LEI",
            "lance-index-v2-design.md", "IV2",
            "lance-table.proto", "LTP",
            "iceberg-index-spec-draft.md", "ICE");

    /** The document whose rules have ids of this AREA, if the convention names one. */
    public static Optional<String> documentOfArea(String area) {
        return AREAS.entrySet().stream().filter(e -> e.getValue().equals(area)).map(Map.Entry::getKey).findFirst();
    }

    /**
     * The document's own word; a kit decision; or a line of the document that requires nothing of an engine (an
     * aim, a rationale, an example, a question, a plan), which is checked, if at all, at should.
     */
    public enum Level {
        MUST, SHOULD, MAY, DECISION, NON_NORMATIVE;

        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        static Level of(String label) {
            return valueOf(label.toUpperCase(Locale.ROOT).replace('-', '_'));
        }
    }

    /**
     * One normative statement.
     *
     * @param file      the catalogue file, as reported ({@code features/rules/x.yaml})
     * @param document  the spec document it belongs to ({@code lance-table.proto})
     * @param scenarios scenario references, as written
     * @param gap       why no mutant kills this rule yet (the kill matrix lists it as a gap instead of failing), or null
     * @param scoredAtShould for a must rule observable only where a kit decision puts it: why its scenarios are
     *                  scored at should (citing the decision), or null
     * @param outOfScope for a statement outside the kit's scope ({@code scope: out}): why, in one line; null for
     *                  a statement the kit judges
     */
    public record Rule(String id, String spec, Level level, String statement, List<String> scenarios, String gap,
                       String scoredAtShould, String outOfScope, String file, Position position) {
        /**
         * The level its scenarios are scored at: the rule's own, except for a must rule that can be observed only
         * where a kit decision puts it ({@code scoredAtShould}), which is scored at should. A decision is never a
         * must (decision 0007), so a statement that only a decision makes observable fails an engine at should.
         */
        public Level scoring() {
            return level == Level.MUST && scoredAtShould != null ? Level.SHOULD : level;
        }

        /** {@code file:line:column}. */
        public String location() {
            return file + ":" + position.line() + ":" + position.column();
        }

        public String document() {
            int hash = spec.indexOf('#');
            return hash < 0 ? spec : spec.substring(0, hash);
        }

        public boolean checked() {
            return !scenarios.isEmpty();
        }

        /** Whether the kit judges the statement ({@code scope} absent or {@code in}). */
        public boolean inScope() {
            return outOfScope == null;
        }
    }

    /** A catalogue file that cannot be read as one: {@code file:line:column: message}. */
    public record Problem(String file, Position position, String message) {
        @Override
        public String toString() {
            return file + ":" + position.line() + ":" + position.column() + ": " + message;
        }
    }

    private final Map<String, String> documentByFile;
    private final List<Rule> rules;
    private final List<Problem> problems;

    private RulesCatalogue(Map<String, String> documentByFile, List<Rule> rules, List<Problem> problems) {
        this.documentByFile = documentByFile;
        this.rules = List.copyOf(rules);
        this.problems = List.copyOf(problems);
    }

    /** The catalogue bundled on the classpath, with the suite: its files only, the feature files are not parsed. */
    public static RulesCatalogue load() {
        Map<String, String> files = new TreeMap<>();
        ClasspathFolder.read(ClasspathTree.FEATURES + "/" + FOLDER).forEach((path, text) -> files.put(FOLDER + path, text));
        return of(files, SpecDocuments.load().files());
    }

    /**
     * The catalogue files among {@code filesByPath} (keyed by path relative to the features folder:
     * {@code rules/lance-table-proto.yaml}); {@code documents} are the spec documents' file names,
     * against which the file names are matched.
     */
    public static RulesCatalogue of(Map<String, String> filesByPath, Set<String> documents) {
        Map<String, String> documentByStem = new TreeMap<>();
        documents.forEach(d -> documentByStem.put(stem(d), d));
        Map<String, String> documentByFile = new LinkedHashMap<>();
        List<Rule> rules = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        new TreeMap<>(filesByPath).forEach((path, text) -> {
            if (!path.startsWith(FOLDER)) {
                return;
            }
            String file = FeatureSuite.FOLDER_NAME + "/" + path;
            String name = path.substring(FOLDER.length());
            if (!name.endsWith(".yaml") || name.contains("/")) {
                problems.add(new Problem(file, Position.START, "not a catalogue file: " + FeatureSuite.FOLDER_NAME
                        + "/" + FOLDER + " holds one <document-stem>.yaml per spec document"));
                return;
            }
            String document = documentByStem.get(name.substring(0, name.length() - ".yaml".length()));
            if (document == null) {
                problems.add(new Problem(file, Position.START, "names no spec document (catalogues: "
                        + documentByStem.keySet().stream().map(s -> s + ".yaml").collect(Collectors.joining(", "))
                        + ")"));
                return;
            }
            // a file that cannot be read does not count as the document's catalogue: its problems say enough
            if (read(file, text, rules, problems)) {
                documentByFile.put(file, document);
            }
        });
        return new RulesCatalogue(documentByFile, rules, problems);
    }

    /** {@code x.md} is {@code x}; {@code x.proto} is {@code x-proto}. */
    public static String stem(String document) {
        return document.endsWith(".md") ? document.substring(0, document.length() - 3) : document.replace('.', '-');
    }

    /** Adds the file's rules, or its problems; whether it could be read. */
    private static boolean read(String file, String text, List<Rule> rules, List<Problem> problems) {
        LocatedYaml yaml;
        try {
            yaml = LocatedYaml.parse(text);
        } catch (LocatedYaml.Invalid e) {
            problems.add(new Problem(file, e.position(), "not YAML: " + e.getMessage()));
            return false;
        }
        List<ValidationMessage> messages = SCHEMA.validate(yaml.root()).stream()
                .sorted(Comparator.comparing((ValidationMessage m) -> pointer(m.getInstanceLocation()))
                        .thenComparing(ValidationMessage::getMessage))
                .toList();
        if (!messages.isEmpty()) {
            for (ValidationMessage m : messages) {
                String pointer = pointer(m.getInstanceLocation());
                problems.add(new Problem(file, yaml.at(pointer), where(yaml.root(), pointer) + schemaError(m)));
            }
            return false;
        }
        for (int i = 0; i < yaml.root().size(); i++) {
            JsonNode n = yaml.root().get(i);
            List<String> scenarios = new ArrayList<>();
            n.get("scenarios").forEach(s -> scenarios.add(s.asText()));
            boolean out = "out".equals(n.path("scope").asText("in"));
            String why = n.hasNonNull("why") ? n.get("why").asText() : null;
            if (out != (why != null)) {
                problems.add(new Problem(file, yaml.at("/" + i), n.get("id").asText() + ": " + (out
                        ? "scope out without why (say in one line why the kit does not judge it)"
                        : "why is for scope: out only (a statement the kit judges needs no why)")));
                continue;
            }
            rules.add(new Rule(n.get("id").asText(), n.get("spec").asText(), Level.of(n.get("level").asText()),
                    n.get("statement").asText(), List.copyOf(scenarios), n.hasNonNull("gap") ? n.get("gap").asText() : null,
                    n.hasNonNull("scoredAtShould") ? n.get("scoredAtShould").asText() : null, why, file, yaml.at("/" + i)));
        }
        return true;
    }

    private static final JsonSchema SCHEMA = schema();

    private static JsonSchema schema() {
        try (InputStream in = RulesCatalogue.class.getResourceAsStream("/schemas/rules-catalogue.schema.json")) {
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                    .getSchema(in, SchemaValidatorsConfig.builder().pathType(PathType.JSON_POINTER).build());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String pointer(JsonNodePath path) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < path.getNameCount(); i++) {
            sb.append('/').append(path.getElement(i));
        }
        return sb.toString();
    }

    /** {@code LEI-R001 (field level): } when the entry has a readable id, so the message names the rule. */
    private static String where(JsonNode root, String pointer) {
        String[] parts = pointer.split("/");
        String field = parts.length > 2 ? parts[2] : null;
        String id = parts.length > 1 ? root.path(Integer.parseInt(parts[1])).path("id").asText("") : "";
        if (parts.length <= 1) {
            return "";
        }
        String entry = id.isEmpty() ? "entry " + (Integer.parseInt(parts[1]) + 1) : id;
        return entry + (field == null ? "" : " (" + field + ")") + ": ";
    }

    private static String schemaError(ValidationMessage m) {
        String text = m.getMessage();
        // drop the validator's own location prefix ("/0/id: "); ours is the line and column
        int colon = text.indexOf(": ");
        return colon >= 0 && (text.startsWith("/") || text.startsWith("$")) ? text.substring(colon + 2) : text;
    }

    /** Every rule, file by file (files by name), in file order. */
    public List<Rule> rules() {
        return rules;
    }

    /** Files that could not be read, or did not follow the schema. */
    public List<Problem> problems() {
        return problems;
    }

    /** The spec documents that have a catalogue file (file names, e.g. {@code lance-table.proto}). */
    public Set<String> documents() {
        return Set.copyOf(documentByFile.values());
    }

    /** The catalogue file of each document that has one, as reported, in file order. */
    public Map<String, String> documentsByFile() {
        return documentByFile;
    }

    public Optional<Rule> rule(String id) {
        return rules.stream().filter(r -> r.id().equals(id)).findFirst();
    }

    /** The rules of one document, in file order. */
    public List<Rule> rulesOf(String document) {
        return rules.stream().filter(r -> documentByFile.get(r.file()).equals(document)).toList();
    }
}
