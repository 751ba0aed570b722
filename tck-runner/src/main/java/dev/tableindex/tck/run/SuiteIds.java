package dev.tableindex.tck.run;

import dev.tableindex.tck.integrity.FeatureSuite;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The ids a run can give, worked out from the feature files rather than from the order scenarios happen
 * to finish in: a plain scenario's {@code @id}, and for an outline one id per Examples row,
 * {@code <outline id>#<n>} with n counting the outline's rows from 1 in file order (over all its
 * Examples blocks), whatever a tag filter selects.
 */
public final class SuiteIds {
    /**
     * One run of a scenario: where it starts (for an outline row, the row's line), its id, its outline's id (or its
     * own), its title and its tags.
     */
    public record Run(String file, int line, String id, String scenarioId, boolean outlineRow, String name,
                      List<String> tags) {
        /** The tags read as the scenario's identity (level, capabilities, spec clauses, open). */
        public ScenarioTags scenarioTags() {
            return new ScenarioTags(tags);
        }
    }

    private final List<Run> runs;
    private final Map<String, Run> byLocation = new HashMap<>();
    private final Map<String, List<String>> rowsByOutline = new LinkedHashMap<>();
    private final Set<String> runIds = new java.util.HashSet<>();

    private SuiteIds(List<Run> runs) {
        this.runs = List.copyOf(runs);
        for (Run run : runs) {
            byLocation.put(location(run.file(), run.line()), run);
            runIds.add(run.id());
            if (run.outlineRow()) {
                rowsByOutline.computeIfAbsent(run.scenarioId(), k -> new ArrayList<>()).add(run.id());
            }
        }
    }

    private static volatile SuiteIds bundled;
    private static final Object PARSING = new Object();

    /**
     * The ids of the suite bundled on the classpath, parsed once per JVM: a caller that asks while another thread
     * parses (the head start of {@code tck run}) waits for that parse.
     */
    public static SuiteIds bundled() {
        SuiteIds ids = bundled;
        if (ids == null) {
            synchronized (PARSING) {
                ids = bundled;
                if (ids == null) {
                    ids = of(FeatureSuite.load());
                    bundled = ids;
                }
            }
        }
        return ids;
    }

    public static SuiteIds of(FeatureSuite suite) {
        List<Run> runs = new ArrayList<>();
        Map<String, Integer> rowsSeen = new HashMap<>();
        for (FeatureSuite.TckScenario unit : suite.scenarios()) {
            Optional<String> id = unit.id();
            if (id.isEmpty()) {
                continue;
            }
            List<String> tags = unit.tags().stream().map(FeatureSuite.SourcedTag::name).distinct().toList();
            boolean outline = unit.examplesLine() > 0;
            for (int line : unit.rowLines()) {
                String runId = outline ? id.get() + "#" + rowsSeen.merge(id.get(), 1, Integer::sum) : id.get();
                runs.add(new Run(unit.file(), line, runId, id.get(), outline, unit.name(), tags));
            }
        }
        return new SuiteIds(runs);
    }

    /** {@code features/x.feature:12} for a Cucumber uri ({@code classpath:features/x.feature}) or a suite path. */
    static String location(String fileOrUri, int line) {
        return suitePath(fileOrUri) + ":" + line;
    }

    /**
     * A feature file as the suite names it ({@code features/any-element/AE01-truth-tables.feature}), from a Cucumber
     * uri: {@code classpath:dev/tableindex/tck/suite/features/...} from the jar, {@code file:/.../features/...} from a
     * checkout's suite. Reports name files so, however the suite was read.
     */
    public static String suitePath(String fileOrUri) {
        String file = fileOrUri.startsWith("classpath:") ? fileOrUri.substring("classpath:".length()) : fileOrUri;
        int features = file.lastIndexOf(FeatureSuite.FOLDER_NAME + "/");
        return features >= 0 ? file.substring(features) : file;
    }

    /** The run that starts at this line of this feature file, if any. */
    public Optional<Run> at(String fileOrUri, int line) {
        return Optional.ofNullable(byLocation.get(location(fileOrUri, line)));
    }

    public List<Run> runs() {
        return runs;
    }

    /** The run with this id (a plain scenario's, or an outline row's {@code <id>#<n>}). */
    public Optional<Run> run(String id) {
        return runs.stream().filter(r -> r.id().equals(id)).findFirst();
    }

    /** Every id a result can carry (plain scenario ids and outline row ids). */
    public Set<String> runIds() {
        return Collections.unmodifiableSet(runIds);
    }

    /** Whether this is the bare id of an outline (which then stands for all its rows). */
    public boolean isOutline(String id) {
        return rowsByOutline.containsKey(id);
    }

    /** An outline's row ids in order; empty for anything else. */
    public List<String> rowsOf(String outlineId) {
        return rowsByOutline.getOrDefault(outlineId, Collections.emptyList());
    }

    /** Whether a known-failure entry or a tag names something of this suite: a run id or an outline's bare id. */
    public boolean names(String id) {
        return isOutline(id) || runIds.contains(id);
    }
}
