package dev.tableindex.tck.run;

import dev.tableindex.model.json.JsonInputException;
import dev.tableindex.model.json.KitJson;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.tck.api.Capability;
import dev.tableindex.tck.api.EngineInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * {@code tck-report.json} (schema: {@code schemas/tck-report.schema.json}): which kit, which engine,
 * counts per level and outcome with fixed denominators, the ids per outcome, every scenario with
 * its message and known-failure reason, and the run's verdict.
 */
public record TckReport(
        BuildInfo kit,
        EngineInfo engine,
        String engineSelector,
        Instant startedAt,
        Instant finishedAt,
        String tags,
        String knownFailuresFile,
        List<ScenarioResult> scenarios,
        List<String> staleKnownFailures,
        boolean enforceShould) {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** A run that judged no scenario cannot pass: a wrong tag filter or a suite that was not found. */
    public boolean passed() {
        return !scenarios.isEmpty() && staleKnownFailures.isEmpty() && scenarios.stream().noneMatch(s -> s.outcome().failsRun()
                || enforceShould && s.outcome() == Outcome.ADVISORY_FAIL);
    }

    public Map<Outcome, Long> counts(String level) {
        Map<Outcome, Long> counts = new EnumMap<>(Outcome.class);
        for (Outcome outcome : Outcome.values()) {
            counts.put(outcome, scenarios.stream()
                    .filter(s -> level == null || level.equals(s.level()))
                    .filter(s -> s.outcome() == outcome).count());
        }
        return counts;
    }

    /** {@code TCK PASSED: 12 pass, 0 fail, …} — the line a CI log ends with. */
    public String summaryLine() {
        Map<Outcome, Long> c = counts(null);
        StringBuilder line = new StringBuilder(passed() ? "TCK PASSED: " : "TCK FAILED: ");
        line.append(c.get(Outcome.PASS)).append(" pass, ")
                .append(c.get(Outcome.FAIL)).append(" fail, ")
                .append(c.get(Outcome.ADVISORY_FAIL)).append(" advisory-fail, ")
                .append(c.get(Outcome.EXPECTED_FAIL)).append(" expected-fail, ")
                .append(c.get(Outcome.UNEXPECTED_PASS)).append(" unexpected, ")
                .append(c.get(Outcome.UNSUPPORTED)).append(" unsupported, ")
                .append(c.get(Outcome.OPEN)).append(" open, ")
                .append(c.get(Outcome.ERROR)).append(" error");
        if (!staleKnownFailures.isEmpty()) {
            line.append(", ").append(staleKnownFailures.size()).append(" stale known-failure entries");
        }
        if (scenarios.isEmpty()) {
            line.append(" (no scenario ran)");
        }
        return line.toString();
    }

    public ObjectNode toJson() {
        ObjectNode root = JSON.createObjectNode();
        root.put("report_format", 1);
        ObjectNode kitNode = root.putObject("tck");
        kitNode.put("version", kit.version()).put("git_commit", kit.gitCommit()).put("git_dirty", kit.gitDirty())
                .put("suite_digest", kit.suiteDigest())
                .put("features_digest", kit.featuresDigest()).put("golden_digest", kit.goldenDigest());
        ObjectNode engineNode = root.putObject("engine");
        engineNode.put("name", engine.name()).put("version", engine.version());
        ArrayNode capabilities = engineNode.putArray("capabilities");
        engine.capabilities().stream().map(Capability::id).sorted().forEach(capabilities::add);
        ObjectNode run = root.putObject("run");
        run.put("engine_selector", engineSelector).put("started_at", startedAt.toString()).put("finished_at", finishedAt.toString())
                .put("tags", tags).put("known_failures_file", knownFailuresFile).put("enforce_should", enforceShould);
        root.put("verdict", passed() ? "PASSED" : "FAILED");
        root.put("summary", summaryLine());
        ObjectNode counts = root.putObject("counts");
        for (String level : new String[] {"must", "should"}) {
            ObjectNode perLevel = counts.putObject(level);
            counts(level).forEach((outcome, n) -> perLevel.put(outcome.name(), n));
        }
        ObjectNode denominators = root.putObject("denominators");
        denominators.put("scenarios", scenarios.size());
        denominators.put("must_scenarios", scenarios.stream().filter(s -> "must".equals(s.level())).count());
        denominators.put("must_applicable", scenarios.stream()
                .filter(s -> "must".equals(s.level()) && s.outcome() != Outcome.UNSUPPORTED).count());
        denominators.put("capabilities_declared", engine.capabilities().size());
        denominators.put("capabilities_total", Capability.values().length);
        ObjectNode ids = root.putObject("ids");
        for (Outcome outcome : Outcome.values()) {
            ArrayNode list = ids.putArray(outcome.name());
            scenarios.stream().filter(s -> s.outcome() == outcome).map(ScenarioResult::id).sorted().forEach(list::add);
        }
        ArrayNode stale = root.putArray("stale_known_failures");
        staleKnownFailures.forEach(stale::add);
        ArrayNode all = root.putArray("scenarios");
        for (ScenarioResult s : scenarios) {
            ObjectNode node = all.addObject();
            node.put("id", s.id()).put("name", s.name()).put("uri", s.uri()).put("line", s.line())
                    .put("level", s.level()).put("outcome", s.outcome().name()).put("message", s.message())
                    .put("known_failure_reason", s.knownFailureReason());
            s.requires().forEach(node.putArray("requires")::add);
            s.spec().forEach(node.putArray("spec")::add);
        }
        return root;
    }

    public void write(Path file) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            JSON.writeValue(file.toFile(), toJson());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A file given as a report that is not one (missing, a folder, not JSON, not of the report's schema, empty). */
    public static final class Unreadable extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        Unreadable(Path file, String what) {
            super(file + ": " + what);
        }
    }

    /**
     * A {@code tck-report.json} as the tools read it: checked against its schema, and refused with one line
     * ({@link Unreadable}) when it is not a report or judged no scenario.
     */
    public static JsonNode read(Path file) {
        if (!Files.exists(file)) {
            throw new Unreadable(file, "no such file");
        }
        if (!Files.isRegularFile(file)) {
            throw new Unreadable(file, "not a file (give the tck-report.json inside a report folder)");
        }
        JsonNode report;
        try {
            report = KitJson.read(file);
        } catch (JsonInputException e) {
            throw new Unreadable(file, e.getMessage().startsWith("no JSON value") ? "empty, not a tck-report.json" : e.getMessage());
        }
        if (report.isMissingNode()) {
            throw new Unreadable(file, "empty, not a tck-report.json");
        }
        var problems = schema().validate(report);
        if (!problems.isEmpty()) {
            var first = problems.stream().map(p -> p.getMessage()).sorted().findFirst().orElseThrow();
            throw new Unreadable(file, "not a tck-report.json: " + first
                    + (problems.size() > 1 ? " (and " + (problems.size() - 1) + " more problems)" : ""));
        }
        if (report.path("scenarios").isEmpty()) {
            throw new Unreadable(file, "the report judged no scenario");
        }
        return report;
    }

    private static com.networknt.schema.JsonSchema schema() {
        try (var in = TckReport.class.getResourceAsStream("/schemas/tck-report.schema.json")) {
            return com.networknt.schema.JsonSchemaFactory.getInstance(com.networknt.schema.SpecVersion.VersionFlag.V202012)
                    .getSchema(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
