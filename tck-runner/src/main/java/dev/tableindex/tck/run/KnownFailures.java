package dev.tableindex.tck.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
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
 */
public final class KnownFailures {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
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
        JsonNode document;
        try {
            document = Files.size(file) == 0 ? YAML.createArrayNode() : YAML.readTree(file.toFile());
        } catch (IOException e) {
            throw new Invalid(file + ": not readable YAML: " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (document == null || document.isMissingNode() || document.isNull()) {
            document = YAML.createArrayNode();
        }
        Set<ValidationMessage> problems = schema().validate(document);
        if (!problems.isEmpty()) {
            throw new Invalid(file + ": " + problems.stream().map(ValidationMessage::getMessage).sorted().toList());
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
        Entry entry = entries.get(result.id());
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

    /** Entries naming scenarios the suite does not have: they fail the run. */
    public List<String> staleIds(Set<String> suiteIds) {
        return entries.keySet().stream().filter(id -> !suiteIds.contains(baseId(id))).toList();
    }

    /** {@code MR-0050#3} (an example row of an outline) belongs to scenario {@code MR-0050}. */
    static String baseId(String id) {
        int hash = id.indexOf('#');
        return hash < 0 ? id : id.substring(0, hash);
    }

    /**
     * The list as it should now be: entries kept while their scenario still fails or did not run,
     * dropped when stale or passing, and one added for each new FAIL or ERROR (its reason says where
     * it came from and must be edited by a person).
     */
    public List<Entry> updated(List<ScenarioResult> results, Set<String> suiteIds) {
        Map<String, ScenarioResult> byId = new LinkedHashMap<>();
        results.forEach(r -> byId.put(r.id(), r));
        List<Entry> next = new ArrayList<>();
        for (Entry entry : entries.values()) {
            ScenarioResult result = byId.get(entry.id());
            boolean stillFails = result == null || result.outcome() == Outcome.EXPECTED_FAIL
                    || result.outcome() == Outcome.FAIL || result.outcome() == Outcome.ERROR;
            if (suiteIds.contains(baseId(entry.id())) && stillFails) {
                next.add(entry);
            }
        }
        for (ScenarioResult result : results) {
            if ((result.outcome() == Outcome.FAIL || result.outcome() == Outcome.ERROR) && !entries.containsKey(result.id())) {
                String firstLine = result.message().lines().findFirst().orElse("");
                next.add(new Entry(result.id(), "added by --update-known-failures, explain why: " + firstLine, null, null));
            }
        }
        return next;
    }

    public static void write(Path file, List<Entry> entries) {
        ArrayNode list = YAML.createArrayNode();
        for (Entry entry : entries) {
            var node = list.addObject().put("id", entry.id()).put("reason", entry.reason());
            if (entry.issue() != null) {
                node.put("issue", entry.issue());
            }
            if (entry.messagePrefix() != null) {
                node.put("message_prefix", entry.messagePrefix());
            }
        }
        try {
            YAML.writeValue(file.toFile(), list);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
