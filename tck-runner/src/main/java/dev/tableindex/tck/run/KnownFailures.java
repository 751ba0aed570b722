package dev.tableindex.tck.run;

import dev.tableindex.model.json.KitJson;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The implementer's list of scenarios their engine is known to fail (YAML, validated by
 * {@code schemas/known-failures.schema.json}): each entry has an {@code id} and a {@code reason},
 * optionally an {@code issue} and a {@code message_prefix} the failure must start with.
 *
 * <p>An id names a plain scenario ({@code MR-0001}), one row of an outline ({@code MR-0050#3}), or a
 * whole outline by its bare id ({@code MR-0050}: every row of it; an entry for a row wins over the
 * bare one). An entry that names nothing of the suite (a removed scenario, a row the outline does not
 * have) is stale and fails the run.
 */
public final class KnownFailures {
    private static final ObjectMapper YAML = new ObjectMapper(KitJson.configure(new YAMLFactory())
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));

    /** One known failure. */
    public record Entry(String id, String reason, String issue, String messagePrefix) {
    }

    /** The file does not follow the schema; the run cannot start. */
    public static final class Invalid extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Invalid(String message) {
            super(message);
        }
    }

    private final Map<String, Entry> entries;

    private KnownFailures(List<Entry> entries) {
        this.entries = new LinkedHashMap<>();
        entries.forEach(e -> this.entries.put(e.id(), e));
    }

    public static KnownFailures none() {
        return new KnownFailures(List.of());
    }

    public static KnownFailures load(Path file) {
        if (!Files.exists(file)) {
            throw new Invalid(file + ": no such file (to start one, run with --update-known-failures)");
        }
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new Invalid(file + ": not a readable file");
        }
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new Invalid(file + ": cannot be read (" + e.getClass().getSimpleName() + ")");
        }
        return parse(file.toString(), text);
    }

    /** A list to be written by {@code --update-known-failures}: the file's entries, or none when it does not exist yet. */
    public static KnownFailures loadOrEmpty(Path file) {
        return Files.exists(file) ? load(file) : none();
    }

    static KnownFailures parse(String file, String text) {
        JsonNode document;
        try {
            document = text.isBlank() ? YAML.createArrayNode() : YAML.readTree(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            var where = e.getLocation();
            String at = where == null ? "" : ":" + where.getLineNr() + ":" + where.getColumnNr();
            String what = KitJson.limitRefusal(e, null).map(IllegalArgumentException::getMessage).orElseGet(() ->
                    e.getOriginalMessage() == null ? "" : e.getOriginalMessage().lines().findFirst().orElse(""));
            throw new Invalid(file + at + ": not valid YAML: " + what);
        }
        if (document == null || document.isMissingNode() || document.isNull()) {
            document = YAML.createArrayNode();
        }
        Set<ValidationMessage> problems = schema().validate(document);
        if (!problems.isEmpty()) {
            List<Integer> entryLines = entryLines(text);
            throw new Invalid(problems.stream().map(p -> {
                java.util.regex.Matcher index = java.util.regex.Pattern.compile("^\\$\\[(\\d+)]")
                        .matcher(p.getInstanceLocation().toString());
                int entry = index.find() ? Integer.parseInt(index.group(1)) : -1;
                String at = entry >= 0 && entry < entryLines.size() ? ":" + entryLines.get(entry) + ":1" : ":1:1";
                return file + at + ": " + p.getMessage();
            }).sorted().collect(java.util.stream.Collectors.joining("; ")));
        }
        List<Entry> entries = new ArrayList<>();
        Set<String> seen = new java.util.HashSet<>();
        for (JsonNode node : document) {
            Entry entry = new Entry(node.path("id").asText(), node.path("reason").asText(),
                    node.hasNonNull("issue") ? node.get("issue").asText() : null,
                    node.hasNonNull("message_prefix") ? node.get("message_prefix").asText() : null);
            if (!seen.add(entry.id())) {
                throw new Invalid(file + ": " + entry.id() + " is listed twice");
            }
            entries.add(entry);
        }
        return new KnownFailures(entries);
    }

    /** The line each top-level list entry starts at (1-based), so a schema problem can say where it is. */
    private static List<Integer> entryLines(String text) {
        List<Integer> lines = new ArrayList<>();
        try (com.fasterxml.jackson.core.JsonParser parser = YAML.getFactory().createParser(text)) {
            int depth = 0;
            for (var token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (depth == 1 && (token.isStructStart() || token.isScalarValue())) {
                    lines.add(parser.currentTokenLocation().getLineNr());
                }
                if (token.isStructStart()) {
                    depth++;
                } else if (token.isStructEnd()) {
                    depth--;
                }
            }
        } catch (IOException e) {
            // already parsed once; positions are a courtesy
        }
        return lines;
    }

    private static JsonSchema schema() {
        try (InputStream in = KnownFailures.class.getResourceAsStream("/schemas/known-failures.schema.json")) {
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Collection<Entry> entries() {
        return entries.values();
    }

    /** The scenario's outcome once this list is taken into account. */
    public ScenarioResult apply(ScenarioResult result) {
        Entry entry = entryFor(result.id());
        if (entry == null) {
            return result;
        }
        Outcome outcome = result.outcome();
        String message = result.message();
        if (outcome == Outcome.PASS) {
            outcome = Outcome.UNEXPECTED_PASS;
            message = "listed as a known failure (" + entry.reason() + ") but passed: remove the entry";
        } else if (outcome == Outcome.FAIL || outcome == Outcome.ADVISORY_FAIL || outcome == Outcome.ERROR) {
            if (entry.messagePrefix() == null || message.startsWith(entry.messagePrefix())) {
                outcome = Outcome.EXPECTED_FAIL;
            } else {
                message = "fails differently than its known-failure entry says (message_prefix \""
                        + entry.messagePrefix() + "\"): " + message;
            }
        }
        return new ScenarioResult(result.id(), result.name(), result.uri(), result.line(), result.level(),
                result.requires(), result.spec(), outcome, message, entry.reason());
    }

    /** The entry for a result's id: its own, or (for an outline row) the outline's bare entry. */
    private Entry entryFor(String id) {
        Entry own = entries.get(id);
        return own != null ? own : entries.get(baseId(id));
    }

    /** Entries that name nothing of the suite (no such scenario, no such outline row): they fail the run. */
    public List<String> staleIds(SuiteIds suite) {
        return entries.keySet().stream().filter(id -> !suite.names(id)).toList();
    }

    /** {@code MR-0050#3} (an example row of an outline) belongs to scenario {@code MR-0050}. */
    static String baseId(String id) {
        int hash = id.indexOf('#');
        return hash < 0 ? id : id.substring(0, hash);
    }

    /**
     * The list as it should now be: entries kept while their scenario still fails or did not run,
     * dropped when stale or passing, and one added for each new FAIL or ERROR (its reason says where
     * it came from and must be edited by a person). A bare outline entry stays while all its rows that
     * ran still fail; otherwise it becomes one entry per row that still fails (or did not run).
     */
    public List<Entry> updated(List<ScenarioResult> results, SuiteIds suite) {
        Map<String, ScenarioResult> byId = new LinkedHashMap<>();
        results.forEach(r -> byId.put(r.id(), r));
        List<Entry> next = new ArrayList<>();
        for (Entry entry : entries.values()) {
            if (!suite.names(entry.id())) {
                continue;
            }
            if (suite.isOutline(entry.id())) {
                List<String> rows = suite.rowsOf(entry.id()).stream().filter(row -> !entries.containsKey(row)).toList();
                List<String> failing = rows.stream().filter(row -> stillFails(byId.get(row))).toList();
                if (failing.size() == rows.size()) {
                    next.add(entry);
                } else {
                    failing.forEach(row -> next.add(new Entry(row, entry.reason(), entry.issue(), entry.messagePrefix())));
                }
            } else if (stillFails(byId.get(entry.id()))) {
                next.add(entry);
            }
        }
        // new failures: one bare outline id where every row of the outline failed, else one entry per run
        Set<String> covered = new java.util.HashSet<>();
        for (ScenarioResult result : results) {
            if (!isNewFailure(result) || covered.contains(result.id())) {
                continue;
            }
            String outline = baseId(result.id());
            List<String> rows = suite.rowsOf(outline);
            boolean wholeOutline = !rows.isEmpty() && entries.get(outline) == null
                    && rows.stream().allMatch(row -> isNewFailure(byId.get(row)));
            String id = wholeOutline ? outline : result.id();
            if (wholeOutline) {
                covered.addAll(rows);
            }
            String firstLine = result.message().lines().findFirst().orElse("").strip();
            next.add(new Entry(id, "added by --update-known-failures, explain why: " + firstLine, null,
                    messagePrefix(firstLine)));
        }
        return next;
    }

    private boolean isNewFailure(ScenarioResult result) {
        return result != null && (result.outcome() == Outcome.FAIL || result.outcome() == Outcome.ERROR)
                && entryFor(result.id()) == null;
    }

    /** Up to this many characters of a failure's message become a new entry's message_prefix. */
    static final int PREFIX_CHARS = 60;

    /**
     * The start of a failure's message that a new entry keeps as its {@code message_prefix}: up to the first
     * {@value #PREFIX_CHARS} characters, cut at a word's end, and never into a masked {@code <uuid>} or a number
     * that may change from run to run.
     */
    static String messagePrefix(String message) {
        String text = message.strip();
        if (text.isEmpty()) {
            return null;
        }
        int end = Math.min(text.length(), PREFIX_CHARS);
        if (end < text.length()) {
            int space = text.lastIndexOf(' ', end);
            end = space > 0 ? space : end;
        }
        String prefix = text.substring(0, end).strip();
        java.util.regex.Matcher variable = java.util.regex.Pattern.compile("<uuid>|\\d{4,}").matcher(prefix);
        if (variable.find()) {
            prefix = prefix.substring(0, variable.start()).strip();
        }
        return prefix.isEmpty() ? null : prefix;
    }

    private static boolean stillFails(ScenarioResult result) {
        return result == null || result.outcome() == Outcome.EXPECTED_FAIL
                || result.outcome() == Outcome.FAIL || result.outcome() == Outcome.ERROR;
    }

    /**
     * Writes the list as a person would: ids plain, each text (reason, issue, message_prefix) as a literal block
     * scalar ({@code |-}), which needs no quoting or escaping whatever the text holds, so it reads and edits as it is.
     * What is written reads back as the same entries ({@link #load}).
     */
    public static void write(Path file, List<Entry> entries) {
        StringBuilder yaml = new StringBuilder();
        for (Entry entry : entries) {
            yaml.append("- id: ").append(entry.id()).append('\n');
            block(yaml, "reason", entry.reason());
            block(yaml, "issue", entry.issue());
            block(yaml, "message_prefix", entry.messagePrefix());
        }
        try {
            Files.writeString(file, yaml.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void block(StringBuilder yaml, String key, String text) {
        if (text == null) {
            return;
        }
        // a block scalar holds printable characters only, and its first line may not start with a space
        String clean = text.replaceAll("[\\p{Cntrl}&&[^\\n]]", " ").strip();
        yaml.append("  ").append(key).append(": |-\n");
        clean.lines().forEach(line -> yaml.append("    ").append(line.stripTrailing()).append('\n'));
    }
}
