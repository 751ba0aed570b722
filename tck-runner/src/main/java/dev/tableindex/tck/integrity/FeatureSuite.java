package dev.tableindex.tck.integrity;

import dev.tableindex.tck.run.ClasspathTree;
import io.cucumber.gherkin.GherkinParser;
import io.cucumber.messages.types.Envelope;
import io.cucumber.messages.types.Examples;
import io.cucumber.messages.types.Feature;
import io.cucumber.messages.types.FeatureChild;
import io.cucumber.messages.types.GherkinDocument;
import io.cucumber.messages.types.RuleChild;
import io.cucumber.messages.types.Scenario;
import io.cucumber.messages.types.Tag;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The scenario suite ({@code features/<area>/*.feature} plus {@code features/CHANGELOG.md} and the
 * rules catalogue {@code features/rules/*.yaml}, see {@link RulesCatalogue}),
 * parsed with Cucumber's Gherkin parser into the units the TCK identifies: {@link TckScenario}s.
 *
 * <p>A unit is a Scenario, or one Examples block of a Scenario Outline (an outline with a single
 * Examples block is therefore one unit; one with several Examples blocks is several). Its tags are
 * those of the Feature, the Rule, the Scenario and (for an outline) the Examples block together.
 */
public final class FeatureSuite {

    /** How violations name the suite's folder: {@code features/}, as in the repository. */
    public static final String FOLDER_NAME = "features";
    public static final String CHANGELOG = "CHANGELOG.md";

    /** Where a tag was written. */
    public enum TagSource { FEATURE, RULE, SCENARIO, EXAMPLES }

    /** A tag with its line and where it sits. */
    public record SourcedTag(String name, int line, TagSource source) {}

    /**
     * One identified unit of the suite.
     *
     * @param file          path as reported, e.g. {@code features/manifest-reading/read.feature}
     * @param line          line of the Scenario (or Scenario Outline) keyword
     * @param name          the scenario name (for an outline with several Examples blocks,
     *                      {@code "<outline name> [<examples name or #n>]"})
     * @param keyword       {@code Scenario}, {@code Scenario Outline}, ...
     * @param tags          the effective tags, Feature first, in source order
     * @param description   the Scenario's free text, then the Examples block's, trimmed
     * @param examplesLine  line of the Examples block, or 0 for a plain Scenario
     * @param examplesCount number of Examples blocks of the outline (0 for a plain Scenario)
     * @param rows          number of Examples rows this unit runs (1 for a plain Scenario)
     */
    public record TckScenario(String file, int line, String name, String keyword, List<SourcedTag> tags,
                              String description, int examplesLine, int examplesCount, int rows) {

        /** Tag names (without {@code @}) that start with {@code prefix}, prefix removed. */
        public List<String> tagValues(String prefix) {
            return tags.stream().map(t -> t.name().substring(1)).filter(n -> n.startsWith(prefix))
                    .map(n -> n.substring(prefix.length())).collect(Collectors.toList());
        }

        /** The single {@code @id:} value, if there is exactly one. */
        public Optional<String> id() {
            List<String> ids = tagValues("id:");
            return ids.size() == 1 ? Optional.of(ids.get(0)) : Optional.empty();
        }

        /** The {@code @spec:} citations ({@code file#anchor}). */
        public List<String> specs() {
            return tagValues("spec:");
        }

        /** {@code file:line}, pointing at the Examples block for an outline unit. */
        public String location() {
            return file + ":" + (examplesLine > 0 && examplesCount > 1 ? examplesLine : line);
        }
    }

    /** A file the Gherkin parser refused. */
    public record ParseProblem(String file, int line, String message) {}

    private final List<String> featureFiles;
    private final List<TckScenario> scenarios;
    private final List<ParseProblem> parseProblems;
    private final String changelog;
    private final Map<String, String> rulesFiles;
    private final String displayRoot;

    private FeatureSuite(String displayRoot, List<String> featureFiles, List<TckScenario> scenarios,
                         List<ParseProblem> parseProblems, String changelog, Map<String, String> rulesFiles) {
        this.displayRoot = displayRoot;
        this.rulesFiles = rulesFiles;
        this.featureFiles = List.copyOf(featureFiles);
        this.scenarios = List.copyOf(scenarios);
        this.parseProblems = List.copyOf(parseProblems);
        this.changelog = changelog;
    }

    /** The suite bundled on the classpath under {@code features/}. */
    public static FeatureSuite load() {
        return of(ClasspathFolder.read(ClasspathTree.FEATURES));
    }

    /** The suite in a folder, e.g. the repository's {@code features/}. */
    public static FeatureSuite fromFolder(Path folder) {
        try {
            return of(ClasspathFolder.readFolder(folder));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read feature folder " + folder, e);
        }
    }

    /**
     * A suite given as text, keyed by path relative to the features folder
     * ({@code manifest-reading/read.feature}, {@code CHANGELOG.md}, {@code rules/lance-table-proto.yaml});
     * other files are ignored.
     * Reported paths are prefixed with {@code features/}.
     */
    public static FeatureSuite of(Map<String, String> filesByPath) {
        String root = FOLDER_NAME + "/";
        List<String> files = new ArrayList<>();
        List<TckScenario> scenarios = new ArrayList<>();
        List<ParseProblem> problems = new ArrayList<>();
        GherkinParser parser = GherkinParser.builder()
                .includeSource(false).includePickles(false).includeGherkinDocument(true).build();
        filesByPath.entrySet().stream()
                .filter(e -> e.getKey().endsWith(".feature"))
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> {
                    String file = root + e.getKey();
                    files.add(file);
                    List<Envelope> envelopes = parser
                            .parse(file, e.getValue().getBytes(StandardCharsets.UTF_8))
                            .collect(Collectors.toList());
                    for (Envelope env : envelopes) {
                        env.getParseError().ifPresent(err -> problems.add(new ParseProblem(file,
                                err.getSource().getLocation().map(l -> l.getLine().intValue()).orElse(1),
                                err.getMessage())));
                        env.getGherkinDocument().flatMap(GherkinDocument::getFeature)
                                .ifPresent(f -> collect(file, f, scenarios));
                    }
                });
        Map<String, String> rules = new java.util.TreeMap<>();
        filesByPath.forEach((path, text) -> {
            if (path.startsWith(RulesCatalogue.FOLDER)) {
                rules.put(path, text);
            }
        });
        return new FeatureSuite(root, files, scenarios, problems, filesByPath.get(CHANGELOG),
                java.util.Collections.unmodifiableMap(rules));
    }

    private static void collect(String file, Feature feature, List<TckScenario> out) {
        List<SourcedTag> featureTags = tags(feature.getTags(), TagSource.FEATURE);
        for (FeatureChild child : feature.getChildren()) {
            child.getScenario().ifPresent(s -> units(file, featureTags, s, out));
            child.getRule().ifPresent(rule -> {
                List<SourcedTag> ruleTags = new ArrayList<>(featureTags);
                ruleTags.addAll(tags(rule.getTags(), TagSource.RULE));
                for (RuleChild rc : rule.getChildren()) {
                    rc.getScenario().ifPresent(s -> units(file, ruleTags, s, out));
                }
            });
        }
    }

    private static void units(String file, List<SourcedTag> inherited, Scenario s, List<TckScenario> out) {
        List<SourcedTag> own = new ArrayList<>(inherited);
        own.addAll(tags(s.getTags(), TagSource.SCENARIO));
        int line = s.getLocation().getLine().intValue();
        String description = trim(s.getDescription());
        String name = s.getName().strip();
        List<Examples> examples = s.getExamples();
        if (examples.isEmpty()) {
            out.add(new TckScenario(file, line, name, s.getKeyword(), own, description, 0, 0, 1));
            return;
        }
        int n = 0;
        for (Examples ex : examples) {
            n++;
            List<SourcedTag> all = new ArrayList<>(own);
            all.addAll(tags(ex.getTags(), TagSource.EXAMPLES));
            String unitName = examples.size() == 1 ? name
                    : name + " [" + (ex.getName().isBlank() ? "Examples #" + n : ex.getName().strip()) + "]";
            String desc = (description + "\n" + trim(ex.getDescription())).strip();
            out.add(new TckScenario(file, line, unitName, s.getKeyword(), all, desc,
                    ex.getLocation().getLine().intValue(), examples.size(), ex.getTableBody().size()));
        }
    }

    private static List<SourcedTag> tags(List<Tag> tags, TagSource source) {
        return tags.stream().map(t -> new SourcedTag(t.getName(), t.getLocation().getLine().intValue(), source))
                .collect(Collectors.toList());
    }

    private static String trim(String s) {
        return s == null ? "" : s.strip();
    }

    /** The {@code .feature} files, as reported ({@code features/...}), sorted. */
    public List<String> featureFiles() {
        return featureFiles;
    }

    /** All units in file order, then source order. */
    public List<TckScenario> scenarios() {
        return scenarios;
    }

    public List<ParseProblem> parseProblems() {
        return parseProblems;
    }

    /** The text of {@code features/CHANGELOG.md}, if present. */
    public Optional<String> changelog() {
        return Optional.ofNullable(changelog);
    }

    /** The files under {@code rules/} (the rules catalogue), keyed by path relative to the features folder. */
    public Map<String, String> rulesFiles() {
        return rulesFiles;
    }

    /** {@code features/}, the prefix of every reported path. */
    public String displayRoot() {
        return displayRoot;
    }
}
