package dev.tableindex.tck.integrity;

import dev.tableindex.tck.api.Capability;
import dev.tableindex.tck.integrity.FeatureSuite.SourcedTag;
import dev.tableindex.tck.integrity.FeatureSuite.TagSource;
import dev.tableindex.tck.integrity.FeatureSuite.TckScenario;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Checks the scenario suite against its own rules. Each violation is one line,
 * {@code <file>:<line>: <scenario name>: <what>}; an empty list means the suite is sound.
 *
 * <p>The unit is a Scenario, or one Examples block of a Scenario Outline (see {@link FeatureSuite}).
 * Its tags are the Feature's, the Rule's, the Scenario's and the Examples block's together:
 * <ul>
 *   <li>exactly one {@code @id:<AREA>-<NNNN>} (AREA 2-6 upper-case letters, NNNN 4 digits), on the
 *       Scenario or the Examples block, never on a Feature or Rule, unique across the suite. An
 *       outline with several Examples blocks carries one id per Examples block;</li>
 *   <li>at least one {@code @spec:<file>#<anchor>}, each resolving in {@link SpecDocuments};</li>
 *   <li>exactly one {@code @level:must} or {@code @level:should};</li>
 *   <li>at least one {@code @requires:<capability>}, each a {@link Capability#id()};</li>
 *   <li>{@code @open} (the spec is unsettled) only with a description under the Scenario line (or
 *       the Examples line) stating the open question;</li>
 *   <li>no other tags.</li>
 * </ul>
 * And {@code features/CHANGELOG.md} (format: {@link Changelog}) lists every id in the suite as
 * added; every id it lists as added, and not removed, is in the suite; a removed id is not in the
 * suite and is never added again.
 *
 * <p>The rules catalogue ({@code features/rules/*.yaml}) is checked by {@link CatalogueIntegrity}.
 */
public final class SuiteIntegrity {

    public static final Pattern ID = Pattern.compile("[A-Z]{2,6}-[0-9]{4}");
    private static final Set<String> LEVELS = Set.of("must", "should");
    private static final String ALLOWED = "@id:, @spec:, @level:, @requires:, @open";

    private SuiteIntegrity() {
    }

    /** All violations, in file and line order; empty when the suite is sound. */
    public static List<String> check(FeatureSuite features, SpecDocuments specDocuments) {
        List<String> out = new ArrayList<>();
        String root = features.displayRoot();
        features.parseProblems().forEach(p -> out.add(p.file() + ":" + p.line() + ": (parse error): " + p.message()));
        for (String file : features.featureFiles()) {
            String rel = file.substring(root.length());
            if (rel.indexOf('/') < 0) {
                out.add(file + ":1: (file): feature files belong in an area folder, " + root + "<area>/*.feature");
            }
        }
        if (features.scenarios().isEmpty()) {
            out.add(root + ":1: (suite): no scenarios found (" + features.featureFiles().size()
                    + " feature files under " + root + "); a suite without scenarios checks nothing");
        }

        Set<String> tagReported = new HashSet<>();
        Set<String> outlineReported = new HashSet<>();
        Map<String, TckScenario> idOwner = new LinkedHashMap<>();
        for (TckScenario s : features.scenarios()) {
            String where = s.location() + ": " + s.name() + ": ";
            // each tag on its own: reported once, at the tag's line
            for (SourcedTag tag : s.tags()) {
                String key = s.file() + ":" + tag.line() + ":" + tag.name();
                if (tagReported.add(key)) {
                    tagProblem(tag, specDocuments).ifPresent(p ->
                            out.add(s.file() + ":" + tag.line() + ": " + s.name() + ": " + p));
                }
            }
            // ids
            List<SourcedTag> idTags = s.tags().stream().filter(t -> t.name().startsWith("@id:"))
                    .collect(Collectors.toList());
            boolean idOnOutline = s.examplesCount() > 1
                    && idTags.stream().anyMatch(t -> t.source() == TagSource.SCENARIO);
            if (idOnOutline) {
                if (outlineReported.add(s.file() + ":" + s.line())) {
                    out.add(s.file() + ":" + s.line() + ": " + s.name().replaceFirst(" \\[[^\\]]*]$", "")
                            + ": Scenario Outline with " + s.examplesCount()
                            + " Examples blocks: put one @id on each Examples block, not on the outline");
                }
            } else if (idTags.isEmpty()) {
                out.add(where + "no @id:<AREA>-<NNNN> tag");
            } else if (idTags.size() > 1) {
                out.add(where + idTags.size() + " @id tags (" + names(idTags) + "); exactly one is allowed");
            } else {
                String id = idTags.get(0).name().substring("@id:".length());
                TckScenario first = idOwner.putIfAbsent(id, s);
                if (first != null && ID.matcher(id).matches()) {
                    out.add(where + "id " + id + " is already used by " + first.location() + " (" + first.name() + ")");
                }
            }
            // citations
            if (s.specs().isEmpty()) {
                out.add(where + "no @spec:<file>#<anchor> tag");
            }
            // level
            List<String> levels = s.tagValues("level:");
            if (levels.isEmpty()) {
                out.add(where + "no @level:must or @level:should tag");
            } else if (levels.size() > 1) {
                out.add(where + levels.size() + " @level tags (" + levels.stream().map(l -> "@level:" + l)
                        .collect(Collectors.joining(", ")) + "); exactly one is allowed");
            }
            // capabilities
            if (s.tagValues("requires:").isEmpty()) {
                out.add(where + "no @requires:<capability> tag (known: " + capabilities() + ")");
            }
            // open questions
            boolean open = s.tags().stream().anyMatch(t -> t.name().equals("@open"));
            if (open && s.description().isBlank()) {
                out.add(where + "@open scenario without a description: state the open question in the text"
                        + " under the Scenario line");
            }
        }
        checkChangelog(features, idOwner, out);
        out.addAll(CatalogueIntegrity.check(RulesCatalogue.of(features.rulesFiles(), specDocuments.files()), features,
                specDocuments));
        return sortByLocation(out);
    }

    private static java.util.Optional<String> tagProblem(SourcedTag tag, SpecDocuments spec) {
        String name = tag.name();
        String body = name.substring(1);
        int colon = body.indexOf(':');
        String key = colon < 0 ? body : body.substring(0, colon);
        String value = colon < 0 ? null : body.substring(colon + 1);
        switch (key) {
            case "id":
                if (tag.source() == TagSource.FEATURE || tag.source() == TagSource.RULE) {
                    return java.util.Optional.of(name + " on a " + tag.source().name().charAt(0)
                            + tag.source().name().substring(1).toLowerCase(java.util.Locale.ROOT)
                            + ": ids belong on a Scenario or an Examples block");
                }
                if (value == null || !ID.matcher(value).matches()) {
                    return java.util.Optional.of("malformed " + name + " (expected @id:<AREA>-<NNNN>: AREA 2-6"
                            + " upper-case letters, NNNN 4 digits, e.g. @id:MR-0001)");
                }
                return java.util.Optional.empty();
            case "spec":
                if (value == null || value.isEmpty()) {
                    return java.util.Optional.of("malformed " + name + " (expected @spec:<file>#<anchor>)");
                }
                return spec.explain(value);
            case "level":
                if (value == null || !LEVELS.contains(value)) {
                    return java.util.Optional.of("malformed " + name + " (expected @level:must or @level:should)");
                }
                return java.util.Optional.empty();
            case "requires":
                if (value == null || Capability.byId(value).isEmpty()) {
                    return java.util.Optional.of(name + ": unknown capability (known: " + capabilities() + ")");
                }
                return java.util.Optional.empty();
            case "open":
                if (value != null) {
                    return java.util.Optional.of("malformed " + name + " (@open takes no value; state the question"
                            + " in the description)");
                }
                return java.util.Optional.empty();
            default:
                return java.util.Optional.of("unknown tag " + name + " (allowed: " + ALLOWED + ")");
        }
    }

    private static void checkChangelog(FeatureSuite features, Map<String, TckScenario> idOwner, List<String> out) {
        String file = features.displayRoot() + FeatureSuite.CHANGELOG;
        if (features.changelog().isEmpty()) {
            out.add(file + ":1: (changelog): missing; it must list every scenario id as added");
            return;
        }
        Changelog log = Changelog.parse(features.changelog().get());
        log.problems().forEach(p -> out.add(file + ":" + p.line() + ": (changelog): " + p.message()));
        Map<String, Changelog.Entry> added = new LinkedHashMap<>();
        Map<String, Changelog.Entry> removed = new LinkedHashMap<>();
        // newest version first in the file: walk it oldest first, so "again" lands on the later entry
        List<Changelog.Entry> oldestFirst = new ArrayList<>(log.entries());
        java.util.Collections.reverse(oldestFirst);
        for (Changelog.Entry e : oldestFirst) {
            switch (e.change()) {
                case ADDED -> {
                    Changelog.Entry prev = added.putIfAbsent(e.id(), e);
                    if (prev != null) {
                        out.add(file + ":" + e.line() + ": " + e.id() + ": added again (already added in "
                                + prev.version() + " at line " + prev.line() + ")");
                    }
                }
                case REMOVED -> {
                    Changelog.Entry prev = removed.putIfAbsent(e.id(), e);
                    if (prev != null) {
                        out.add(file + ":" + e.line() + ": " + e.id() + ": removed again (already removed in "
                                + prev.version() + " at line " + prev.line() + ")");
                    }
                }
                case CHANGED -> { }
            }
        }
        for (Changelog.Entry e : log.entries()) {
            if (e.change() != Changelog.Change.ADDED && !added.containsKey(e.id())) {
                out.add(file + ":" + e.line() + ": " + e.id() + ": " + e.change().name().toLowerCase(java.util.Locale.ROOT)
                        + " but never added");
            }
        }
        // every well-formed id written anywhere in the suite, also where it is misplaced or doubled
        Set<String> present = features.scenarios().stream().flatMap(s -> s.tagValues("id:").stream())
                .filter(id -> ID.matcher(id).matches()).collect(Collectors.toSet());
        for (Changelog.Entry e : added.values()) {
            if (!removed.containsKey(e.id()) && !present.contains(e.id())) {
                out.add(file + ":" + e.line() + ": " + e.id() + ": added in " + e.version()
                        + " but no scenario has this id (to retire it, add '- removed " + e.id() + " <why>')");
            }
        }
        for (Map.Entry<String, TckScenario> owner : idOwner.entrySet()) {
            String id = owner.getKey();
            TckScenario s = owner.getValue();
            if (!ID.matcher(id).matches()) {
                continue;
            }
            Changelog.Entry r = removed.get(id);
            if (r != null) {
                out.add(s.location() + ": " + s.name() + ": id " + id + " was removed in " + r.version() + " ("
                        + file + ":" + r.line() + "); a removed id is never reused, take a new one");
            } else if (!added.containsKey(id)) {
                out.add(s.location() + ": " + s.name() + ": id " + id + " is not listed in " + file
                        + " (add '- added " + id + " <what it checks>' under the coming version)");
            }
        }
    }

    private static String names(List<SourcedTag> tags) {
        return tags.stream().map(SourcedTag::name).collect(Collectors.joining(", "));
    }

    private static String capabilities() {
        return Arrays.stream(Capability.values()).map(Capability::id).collect(Collectors.joining(", "));
    }

    /** Stable order: by file, then line number (numerically), then text. */
    private static List<String> sortByLocation(List<String> lines) {
        return lines.stream().sorted((a, b) -> {
            String[] pa = a.split(":", 3);
            String[] pb = b.split(":", 3);
            int c = pa[0].compareTo(pb[0]);
            if (c != 0) {
                return c;
            }
            c = Long.compare(lineOf(pa), lineOf(pb));
            return c != 0 ? c : a.compareTo(b);
        }).collect(Collectors.toList());
    }

    private static long lineOf(String[] parts) {
        try {
            return parts.length > 1 ? Long.parseLong(parts[1]) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
