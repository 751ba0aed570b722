package dev.tableindex.tck.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteIntegrityTest {

    private static final SpecDocuments SPEC = SpecDocuments.of(Map.of(
            "doc.md", "# Doc\n## Reading\n## Writing\n",
            "t.proto", "message Manifest { optional uint64 index_section = 6; }\n"));

    private static final String GOOD_TAGS = "@spec:doc.md#reading @level:must @requires:manifest.read";

    private static String feature(String body) {
        return "Feature: Reading\n\n" + body;
    }

    private static String scenario(String tags, String name) {
        return "  " + tags + "\n  Scenario: " + name + "\n    Given a manifest\n\n";
    }

    private static String changelog(String... entries) {
        StringBuilder sb = new StringBuilder("# Changelog\n\nIntro text.\n\n## 0.1.0\n\n");
        for (String e : entries) {
            sb.append("- ").append(e).append('\n');
        }
        return sb.toString();
    }

    private static List<String> check(String featureText, String changelog) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("reading/a.feature", featureText);
        if (changelog != null) {
            files.put("CHANGELOG.md", changelog);
        }
        return SuiteIntegrity.check(FeatureSuite.of(files), SPEC);
    }

    // ------------------------------------------------------------ a sound suite

    @Test
    void aSoundSuiteHasNoViolations() {
        String text = feature(
                scenario("@id:MR-0001 " + GOOD_TAGS, "one")
                + scenario("@id:MR-0002 @spec:t.proto#Manifest.index_section @spec:doc.md#writing @level:should"
                        + " @requires:manifest.read", "two")
                + "  @id:MR-0003 " + GOOD_TAGS + " @open\n  Scenario: three\n"
                + "    Is a missing section the same as an empty one? The spec does not say.\n\n"
                + "    Given a manifest\n");
        assertThat(check(text, changelog("added MR-0001 one", "added MR-0002 two", "added MR-0003 three")))
                .isEmpty();
    }

    @Test
    void tagsOnFeatureRuleScenarioAndExamplesAddUp() {
        String text = "@requires:manifest.read\nFeature: Reading\n\n"
                + "  @level:must\n  Rule: a rule\n\n"
                + "    @id:MR-0001 @spec:doc.md#reading\n    Scenario: one\n      Given a manifest\n\n"
                + "    @spec:doc.md#writing\n    Scenario Outline: two\n      Given a manifest <n>\n\n"
                + "      @id:MR-0002\n      Examples:\n        | n |\n        | 1 |\n        | 2 |\n";
        FeatureSuite suite = FeatureSuite.of(Map.of("reading/a.feature", text,
                "CHANGELOG.md", changelog("added MR-0001 one", "added MR-0002 two")));
        assertThat(SuiteIntegrity.check(suite, SPEC)).isEmpty();
        assertThat(suite.scenarios()).hasSize(2);
        assertThat(suite.scenarios().get(1).rows()).isEqualTo(2);
        assertThat(suite.scenarios().get(1).tagValues("spec:")).containsExactly("doc.md#writing");
    }

    @Test
    void violationsHaveTheFormFileLineScenarioWhat() {
        List<String> v = check(feature(scenario("@spec:doc.md#reading @level:must @requires:manifest.read", "no id")),
                changelog());
        assertThat(v).containsExactly("features/reading/a.feature:4: no id: no @id:<AREA>-<NNNN> tag");
    }

    // ------------------------------------------------------------ ids

    @Test
    void idsAreWellFormedAndUniqueAcrossTheSuite() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("reading/a.feature", feature(scenario("@id:MR-0001 " + GOOD_TAGS, "first")
                + scenario("@id:mr-2 " + GOOD_TAGS, "lower case")
                + scenario("@id:MR-0003 @id:MR-0004 " + GOOD_TAGS, "two ids")));
        files.put("writing/b.feature", feature(scenario("@id:MR-0001 " + GOOD_TAGS, "again")));
        files.put("CHANGELOG.md", changelog("added MR-0001 x", "added MR-0003 x", "added MR-0004 x"));
        List<String> v = SuiteIntegrity.check(FeatureSuite.of(files), SPEC);
        assertThat(v).containsExactly(
                "features/reading/a.feature:7: lower case: malformed @id:mr-2 (expected @id:<AREA>-<NNNN>: AREA 2-6"
                        + " upper-case letters, NNNN 4 digits, e.g. @id:MR-0001)",
                "features/reading/a.feature:12: two ids: 2 @id tags (@id:MR-0003, @id:MR-0004); exactly one is allowed",
                "features/writing/b.feature:4: again: id MR-0001 is already used by features/reading/a.feature:4 (first)");
    }

    @Test
    void anIdOnAFeatureIsRefused() {
        String text = "@id:MR-0001\nFeature: Reading\n\n" + scenario(GOOD_TAGS, "one");
        List<String> v = check(text, changelog("added MR-0001 one"));
        assertThat(v).containsExactly(
                "features/reading/a.feature:1: one: @id:MR-0001 on a Feature: ids belong on a Scenario or an Examples block");
    }

    @Test
    void anOutlineWithSeveralExamplesBlocksCarriesOneIdPerBlock() {
        String outline = "  %s\n  Scenario Outline: versions\n    Given version <v>\n\n"
                + "    %s\n    Examples: old\n      | v |\n      | 1 |\n\n"
                + "    %s\n    Examples: new\n      | v |\n      | 2 |\n";
        String ok = feature(String.format(outline, GOOD_TAGS, "@id:MR-0001", "@id:MR-0002"));
        assertThat(check(ok, changelog("added MR-0001 old", "added MR-0002 new"))).isEmpty();

        String onOutline = feature(String.format(outline, "@id:MR-0001 " + GOOD_TAGS, "", ""));
        assertThat(check(onOutline, changelog("added MR-0001 x"))).containsExactly(
                "features/reading/a.feature:4: versions: Scenario Outline with 2 Examples blocks:"
                        + " put one @id on each Examples block, not on the outline");

        String oneMissing = feature(String.format(outline, GOOD_TAGS, "@id:MR-0001", ""));
        assertThat(check(oneMissing, changelog("added MR-0001 old"))).containsExactly(
                "features/reading/a.feature:13: versions [new]: no @id:<AREA>-<NNNN> tag");
    }

    @Test
    void anOutlineWithOneExamplesBlockIsOneScenario() {
        String text = feature("  @id:MR-0001 " + GOOD_TAGS + "\n  Scenario Outline: versions\n    Given version <v>\n\n"
                + "    Examples:\n      | v |\n      | 1 |\n      | 2 |\n");
        FeatureSuite suite = FeatureSuite.of(Map.of("reading/a.feature", text, "CHANGELOG.md", changelog("added MR-0001 x")));
        assertThat(suite.scenarios()).singleElement().satisfies(s -> {
            assertThat(s.id()).hasValue("MR-0001");
            assertThat(s.rows()).isEqualTo(2);
            assertThat(s.location()).isEqualTo("features/reading/a.feature:4");
        });
        assertThat(SuiteIntegrity.check(suite, SPEC)).isEmpty();
    }

    // ------------------------------------------------------------ spec, level, requires, open, unknown tags

    @Test
    void citationsMustExistAndResolve() {
        String text = feature(scenario("@id:MR-0001 @level:must @requires:manifest.read", "uncited")
                + scenario("@id:MR-0002 @spec:doc.md#Reading @spec:t.proto#Manifest.index_section @level:must"
                        + " @requires:manifest.read", "wrong case")
                + scenario("@id:MR-0003 @spec:doc.md @spec:nope.md#x @level:must @requires:manifest.read", "malformed"));
        List<String> v = check(text, changelog("added MR-0001 a", "added MR-0002 b", "added MR-0003 c"));
        assertThat(v).containsExactly(
                "features/reading/a.feature:4: uncited: no @spec:<file>#<anchor> tag",
                "features/reading/a.feature:7: wrong case: @spec:doc.md#Reading: doc.md has no anchor #Reading;"
                        + " did you mean #reading?",
                "features/reading/a.feature:11: malformed: @spec:doc.md has no #anchor (expected @spec:<file>#<anchor>)",
                "features/reading/a.feature:11: malformed: @spec:nope.md#x: no spec document nope.md (known: doc.md, t.proto)");
    }

    @Test
    void exactlyOneLevel() {
        String text = feature(scenario("@id:MR-0001 @spec:doc.md#reading @requires:manifest.read", "none")
                + scenario("@id:MR-0002 @spec:doc.md#reading @level:must @level:should @requires:manifest.read", "two")
                + scenario("@id:MR-0003 @spec:doc.md#reading @level:may @requires:manifest.read", "may"));
        List<String> v = check(text, changelog("added MR-0001 a", "added MR-0002 b", "added MR-0003 c"));
        assertThat(v).containsExactly(
                "features/reading/a.feature:4: none: no @level:must or @level:should tag",
                "features/reading/a.feature:8: two: 2 @level tags (@level:must, @level:should); exactly one is allowed",
                "features/reading/a.feature:11: may: malformed @level:may (expected @level:must or @level:should)");
    }

    @Test
    void capabilitiesComeFromTheRegistry() {
        String text = feature(scenario("@id:MR-0001 @spec:doc.md#reading @level:must", "none")
                + scenario("@id:MR-0002 @spec:doc.md#reading @level:must @requires:manifest.write", "unknown"));
        List<String> v = check(text, changelog("added MR-0001 a", "added MR-0002 b"));
        String known = "(known: " + java.util.Arrays.stream(dev.tableindex.tck.api.Capability.values())
                .map(dev.tableindex.tck.api.Capability::id).collect(java.util.stream.Collectors.joining(", ")) + ")";
        assertThat(v).containsExactly(
                "features/reading/a.feature:4: none: no @requires:<capability> tag " + known,
                "features/reading/a.feature:7: unknown: @requires:manifest.write: unknown capability " + known);
    }

    @Test
    void anOpenScenarioStatesItsQuestion() {
        String text = feature(scenario("@id:MR-0001 " + GOOD_TAGS + " @open", "silent")
                + scenario("@id:MR-0002 " + GOOD_TAGS + " @open:why", "valued"));
        List<String> v = check(text, changelog("added MR-0001 a", "added MR-0002 b"));
        assertThat(v).containsExactly(
                "features/reading/a.feature:4: silent: @open scenario without a description: state the open question"
                        + " in the text under the Scenario line",
                "features/reading/a.feature:7: valued: malformed @open:why (@open takes no value; state the question"
                        + " in the description)");
    }

    @Test
    void noOtherTags() {
        String text = feature(scenario("@id:MR-0001 @spec:doc.md#reading @level:must @requiers:manifest.read"
                + " @requires:manifest.read @wip", "typo"));
        List<String> v = check(text, changelog("added MR-0001 a"));
        assertThat(v).containsExactly(
                "features/reading/a.feature:3: typo: unknown tag @requiers:manifest.read"
                        + " (allowed: @id:, @spec:, @level:, @requires:, @open)",
                "features/reading/a.feature:3: typo: unknown tag @wip (allowed: @id:, @spec:, @level:, @requires:, @open)");
    }

    @Test
    void aTagOnTheFeatureIsReportedOnceNotPerScenario() {
        String text = "@wip\nFeature: Reading\n\n" + scenario("@id:MR-0001 " + GOOD_TAGS, "a")
                + scenario("@id:MR-0002 " + GOOD_TAGS, "b");
        assertThat(check(text, changelog("added MR-0001 a", "added MR-0002 b"))).containsExactly(
                "features/reading/a.feature:1: a: unknown tag @wip (allowed: @id:, @spec:, @level:, @requires:, @open)");
    }

    // ------------------------------------------------------------ files

    @Test
    void parseErrorsAndMisplacedFilesAreViolations() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("loose.feature", feature(scenario("@id:MR-0001 " + GOOD_TAGS, "a")));
        files.put("reading/broken.feature", "Feature: x\n  Scenario: y\n    Given z\n  this is not gherkin\n");
        files.put("CHANGELOG.md", changelog("added MR-0001 a"));
        List<String> v = SuiteIntegrity.check(FeatureSuite.of(files), SPEC);
        assertThat(v).hasSize(2);
        assertThat(v.get(0)).isEqualTo(
                "features/loose.feature:1: (file): feature files belong in an area folder, features/<area>/*.feature");
        assertThat(v.get(1)).startsWith("features/reading/broken.feature:4: (parse error): ");
    }

    @Test
    void anEmptySuiteIsAViolation() {
        List<String> v = SuiteIntegrity.check(FeatureSuite.of(Map.of("CHANGELOG.md", changelog())), SPEC);
        assertThat(v).containsExactly("features/:1: (suite): no scenarios found (0 feature files under features/);"
                + " a suite without scenarios checks nothing");
    }

    @Test
    void readsASuiteFolder(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("reading"));
        Files.writeString(dir.resolve("reading/a.feature"), feature(scenario("@id:MR-0001 " + GOOD_TAGS, "a")));
        Files.writeString(dir.resolve("README.md"), "# features\n");
        Files.writeString(dir.resolve("CHANGELOG.md"), changelog("added MR-0001 a"));
        FeatureSuite suite = FeatureSuite.fromFolder(dir);
        assertThat(suite.featureFiles()).containsExactly("features/reading/a.feature");
        assertThat(SuiteIntegrity.check(suite, SPEC)).isEmpty();
    }

    // ------------------------------------------------------------ CHANGELOG.md

    @Test
    void theChangelogListsEveryIdAndOnlyIdsOfTheSuite() {
        String text = feature(scenario("@id:MR-0001 " + GOOD_TAGS, "listed")
                + scenario("@id:MR-0002 " + GOOD_TAGS, "unlisted"));
        String log = "# Changelog\n\n## 0.2.0\n\n- changed MR-0001 now stricter\n- removed MR-0003 duplicate\n"
                + "- changed MR-0009 never added\n\n## 0.1.0\n\n- added MR-0001 listed\n- added MR-0003 dup\n"
                + "- added MR-0004 gone without removal\n";
        assertThat(check(text, log)).containsExactly(
                "features/CHANGELOG.md:7: MR-0009: changed but never added",
                "features/CHANGELOG.md:13: MR-0004: added in 0.1.0 but no scenario has this id"
                        + " (to retire it, add '- removed MR-0004 <why>')",
                "features/reading/a.feature:8: unlisted: id MR-0002 is not listed in features/CHANGELOG.md"
                        + " (add '- added MR-0002 <what it checks>' under the coming version)");
    }

    @Test
    void aRemovedIdIsNeverReused() {
        String text = feature(scenario("@id:MR-0001 " + GOOD_TAGS, "reused"));
        String log = "# Changelog\n\n## 0.2.0\n\n- removed MR-0001 wrong\n- added MR-0001 back again\n\n"
                + "## 0.1.0\n\n- added MR-0001 first\n";
        assertThat(check(text, log)).containsExactly(
                "features/CHANGELOG.md:6: MR-0001: added again (already added in 0.1.0 at line 10)",
                "features/reading/a.feature:4: reused: id MR-0001 was removed in 0.2.0 (features/CHANGELOG.md:5);"
                        + " a removed id is never reused, take a new one");
    }

    @Test
    void malformedChangelogLinesAreViolations() {
        String text = feature(scenario("@id:MR-0001 " + GOOD_TAGS, "a"));
        String log = "# Changelog\n\n- free text before any version is fine\n\n## next\n\n## 0.1.0\n\n"
                + "- add MR-0001 typo\n- added MR-0001 a\n\n## 0.1.0\n";
        assertThat(check(text, log)).containsExactly(
                "features/CHANGELOG.md:5: (changelog): version heading '## next' is not a version"
                        + " (expected '## <major>.<minor>.<patch>' or '## Unreleased')",
                "features/CHANGELOG.md:9: (changelog): unrecognised entry '- add MR-0001 typo'"
                        + " (expected '- added|changed|removed <AREA>-<NNNN> <text>')",
                "features/CHANGELOG.md:12: (changelog): version 0.1.0 appears twice");
    }

    @Test
    void aMissingChangelogIsAViolation() {
        assertThat(check(feature(scenario("@id:MR-0001 " + GOOD_TAGS, "a")), null)).containsExactly(
                "features/CHANGELOG.md:1: (changelog): missing; it must list every scenario id as added");
    }

    // ------------------------------------------------------------ the real suite

    /** The suite the kit ships, from the classpath, against the documents the kit ships. */
    @Test
    void theShippedSuiteIsSound() {
        FeatureSuite suite = FeatureSuite.load();
        assertThat(suite.scenarios())
                .as("no scenarios on the classpath under features/ (features/<area>/*.feature in the repository);"
                        + " the integrity check would pass vacuously")
                .isNotEmpty();
        List<String> violations = SuiteIntegrity.check(suite, SpecDocuments.load());
        assertThat(violations).as("suite integrity violations:\n  " + String.join("\n  ", violations)).isEmpty();
    }

    @Test
    void theClasspathSuiteIsTheRepositorySuite() {
        FeatureSuite classpath = FeatureSuite.load();
        FeatureSuite folder = FeatureSuite.fromFolder(Path.of("..", "features"));
        assertThat(classpath.featureFiles()).isEqualTo(folder.featureFiles());
        assertThat(classpath.scenarios()).isEqualTo(folder.scenarios());
        assertThat(classpath.rulesFiles()).isEqualTo(folder.rulesFiles());
    }
}
