package dev.tableindex.tck.steps;

import dev.tableindex.model.index.IndexTypes;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.proto.lance.file.Field;
import dev.tableindex.proto.lance.index.VectorIndexDetails;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.IndexFile;
import io.cucumber.java.en.Then;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * What the engine wrote, judged on the manifest files with the kit's own reader: an engine is
 * conformant by what it writes, whatever its API says.
 */
public final class TableManifestSteps {

    private static ManifestFile manifest() {
        return TableScenario.current().latestManifest();
    }

    @Then("the table has no fragments")
    public void noFragments() {
        Set<Long> live = liveFragments(manifest());
        if (!live.isEmpty()) {
            throw new AssertionError("the table has fragments " + live + ", expected none");
        }
    }

    @Then("the table has fragments {string}")
    public void hasFragments(String ids) {
        assertSet("fragments of the table", parseIds(ids), liveFragments(manifest()));
    }

    @Then("the table has {int} fragment(s)")
    public void hasFragmentCount(int count) {
        Set<Long> live = liveFragments(manifest());
        if (live.size() != count) {
            throw new AssertionError("the table has fragments " + live + ", expected " + count + " fragments");
        }
    }

    @Then("index {string} covers every fragment of the table")
    public void coversEverything(String name) {
        ManifestFile manifest = manifest();
        assertSet("fragments covered by " + name, liveFragments(manifest), effectiveCoverage(manifest, name));
    }

    @Then("the table no longer has fragments {string}")
    public void noLongerHas(String ids) {
        Set<Long> still = new TreeSet<>(parseIds(ids));
        still.retainAll(liveFragments(manifest()));
        if (!still.isEmpty()) {
            throw new AssertionError("fragments " + still + " are still in the table");
        }
    }

    @Then("column {string} has field id {int}")
    public void columnHasFieldId(String column, int id) {
        Field field = topLevelField(manifest(), column);
        if (field.getId() != id) {
            throw new AssertionError("column " + column + " has field id " + field.getId() + ", expected " + id);
        }
    }

    /** The Lance logical type recorded in the schema, e.g. "int32", "string". */
    @Then("column {string} has type {string}")
    public void columnHasType(String column, String type) {
        Field field = topLevelField(manifest(), column);
        if (!field.getLogicalType().equals(type)) {
            throw new AssertionError("column " + column + " has type " + field.getLogicalType() + ", expected " + type);
        }
    }

    @Then("the manifest has index {string} on field ids {string}")
    public void hasIndexOn(String name, String fieldIds) {
        List<Integer> expected = parseIdsInOrder(fieldIds);
        List<IndexSegment> named = segments(manifest(), name);
        for (IndexSegment segment : named) {
            if (!segment.fields().equals(expected)) {
                throw new AssertionError(label(named, segment) + " is on field ids "
                        + segment.fields() + ", expected " + expected);
            }
        }
    }

    @Then("the manifest has no index {string}")
    public void hasNoIndex(String name) {
        List<String> names = manifest().segments().stream().map(IndexSegment::name).distinct().toList();
        if (names.contains(name)) {
            throw new AssertionError("the manifest still lists index " + name + " (indexes: " + names + ")");
        }
    }

    @Then("every index is on fields of the schema")
    public void everyIndexOnSchemaFields() {
        ManifestFile manifest = manifest();
        Set<Integer> fieldIds = manifest.manifest().getFieldsList().stream().map(Field::getId).collect(Collectors.toSet());
        for (IndexSegment segment : manifest.segments()) {
            if (!fieldIds.containsAll(segment.fields())) {
                throw new AssertionError("index " + segment.name() + " is on field ids " + segment.fields()
                        + ", but the schema has only " + new TreeSet<>(fieldIds));
            }
        }
    }

    /** Coverage as a reader computes it: the union of the segments' bitmaps, intersected with the live fragments. */
    @Then("index {string} covers fragments {string}")
    public void covers(String name, String ids) {
        assertSet("fragments covered by " + name, parseIds(ids), effectiveCoverage(manifest(), name));
    }

    @Then("index {string} covers no fragments")
    public void coversNothing(String name) {
        covers(name, "");
    }

    @Then("index {string} records its coverage, even of no fragments")
    public void recordsCoverage(String name) {
        List<IndexSegment> named = segments(manifest(), name);
        for (IndexSegment segment : named) {
            if (!segment.coverage().isKnown()) {
                throw new AssertionError(label(named, segment)
                        + " has empty fragment_bitmap bytes (coverage unknown); an empty bitmap records covering nothing");
            }
        }
    }

    @Then("the fragment bitmaps of index {string} name only fragments of the table")
    public void bitmapsNameOnlyLiveFragments(String name) {
        ManifestFile manifest = manifest();
        Set<Long> live = liveFragments(manifest);
        for (IndexSegment segment : segments(manifest, name)) {
            Set<Long> stale = new TreeSet<>(segment.coverage().fragmentIds().orElse(List.of()));
            stale.removeAll(live);
            if (!stale.isEmpty()) {
                throw new AssertionError("a segment of " + name + " names fragments " + stale
                        + " that are no longer in the table");
            }
        }
    }

    @Then("index {string} has the type URL {string}")
    public void hasTypeUrl(String name, String typeUrl) {
        List<IndexSegment> named = segments(manifest(), name);
        for (IndexSegment segment : named) {
            String actual = segment.typeUrl().orElseThrow(
                    () -> new AssertionError(label(named, segment) + " has no index_details"));
            if (!actual.equalsIgnoreCase(typeUrl)) {
                throw new AssertionError(name + " has type URL " + actual + ", expected " + typeUrl);
            }
        }
    }

    @Then("every segment of index {string} records each of its files with the file's size")
    public void recordsFileSizes(String name) {
        ManifestFile manifest = manifest();
        Path root = TableScenario.current().dataset();
        List<IndexSegment> named = segments(manifest, name);
        for (IndexSegment segment : named) {
            if (segment.files().isEmpty()) {
                throw new AssertionError(label(named, segment) + " records no files");
            }
            for (IndexFile file : segment.files()) {
                Path path = root.resolve("_indices").resolve(segment.uuid().toString()).resolve(file.getPath());
                long size;
                try {
                    size = Files.size(path);
                } catch (IOException e) {
                    throw new AssertionError(label(named, segment) + " records " + file.getPath()
                            + ", which is not at " + root.relativize(path));
                }
                if (size != file.getSizeBytes()) {
                    throw new AssertionError(file.getPath() + " of " + name + " is recorded as " + file.getSizeBytes()
                            + " bytes, the file has " + size);
                }
            }
        }
    }

    @Then("index {string} has {int} segment(s)")
    public void hasSegments(String name, int count) {
        int actual = segments(manifest(), name).size();
        if (actual != count) {
            throw new AssertionError(name + " has " + actual + " segments, expected " + count);
        }
    }

    @Then("the segment ids of index {string} are remembered as {string}")
    public void rememberSegmentIds(String name, String key) {
        TableScenario.current().remember(key, segmentIds(name));
    }

    @Then("the segment ids of index {string} are not those remembered as {string}")
    public void segmentIdsDiffer(String name, String key) {
        Set<UUID> now = segmentIds(name);
        @SuppressWarnings("unchecked")
        Set<UUID> before = (Set<UUID>) TableScenario.current().remembered(key);
        Set<UUID> kept = new TreeSet<>(now);
        kept.retainAll(before);
        if (!kept.isEmpty()) {
            throw new AssertionError(name + " still has " + kept.size() + " segment(s) of before; a new configuration needs a new id");
        }
    }

    @Then("the index details of {string} are remembered as {string}")
    public void rememberDetails(String name, String key) {
        TableScenario.current().remember(key, details(name));
    }

    @Then("the index details of {string} are those remembered as {string}")
    public void detailsUnchanged(String name, String key) {
        Object before = TableScenario.current().remembered(key);
        Object now = details(name);
        if (!now.equals(before)) {
            throw new AssertionError("the configuration of " + name + " changed from " + before + " to " + now);
        }
    }

    // ---- helpers shared with other table steps ----

    private Set<UUID> segmentIds(String name) {
        return segments(manifest(), name).stream().map(IndexSegment::uuid).collect(Collectors.toCollection(TreeSet::new));
    }

    /**
     * Every segment's index_details, which must agree: the message itself when the kit knows its type
     * (so map entries compare regardless of the order they were written in; Lance writes the runtime
     * hints of a vector index in hash order), else the type URL and the bytes.
     */
    private Object details(String name) {
        Set<Object> all = new java.util.HashSet<>();
        for (IndexSegment segment : segments(manifest(), name)) {
            all.add(configuration(segment.proto().getIndexDetails()));
        }
        if (all.size() != 1) {
            throw new AssertionError("segments of " + name + " disagree on their configuration: " + all);
        }
        return all.iterator().next();
    }

    private static Object configuration(com.google.protobuf.Any details) {
        if (details.getTypeUrl().equals(IndexTypes.VECTOR_URL)) {
            try {
                return Map.entry(details.getTypeUrl(), VectorIndexDetails.parseFrom(details.getValue()));
            } catch (com.google.protobuf.InvalidProtocolBufferException e) {
                throw new AssertionError("the vector index details do not parse: " + e.getMessage());
            }
        }
        return Map.entry(details.getTypeUrl(), hex(details.getValue().toByteArray()));
    }

    /**
     * A segment as failure messages name it: by its position among the index's segments in the manifest,
     * not by its uuid, so the same failure reads the same in every run (conformance pages are compared).
     */
    static String label(List<IndexSegment> named, IndexSegment segment) {
        String label = "segment " + (named.indexOf(segment) + 1) + " of " + named.size() + " of " + segment.name();
        return named.size() == 1 ? "the segment of " + segment.name() : label;
    }

    static Set<Long> liveFragments(ManifestFile manifest) {
        return manifest.manifest().getFragmentsList().stream().map(DataFragment::getId)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    static List<IndexSegment> segments(ManifestFile manifest, String name) {
        List<IndexSegment> named = manifest.segments().stream().filter(s -> s.name().equals(name)).toList();
        if (named.isEmpty()) {
            throw new AssertionError("the manifest has no index " + name + " (indexes: "
                    + manifest.segments().stream().map(IndexSegment::name).distinct().toList() + ")");
        }
        return named;
    }

    static Set<Long> effectiveCoverage(ManifestFile manifest, String name) {
        Set<Long> covered = new TreeSet<>();
        List<IndexSegment> named = segments(manifest, name);
        for (IndexSegment segment : named) {
            FragmentCoverage coverage = segment.coverage();
            covered.addAll(coverage.fragmentIds().orElseThrow(() -> new AssertionError(
                    label(named, segment) + " has unknown coverage (empty fragment_bitmap bytes)")));
        }
        covered.retainAll(liveFragments(manifest));
        return covered;
    }

    static Field topLevelField(ManifestFile manifest, String column) {
        return manifest.manifest().getFieldsList().stream()
                .filter(f -> f.getParentId() == -1 && f.getName().equals(column)).findFirst()
                .orElseThrow(() -> new AssertionError("the schema has no column " + column + " (columns: "
                        + manifest.manifest().getFieldsList().stream().filter(f -> f.getParentId() == -1)
                        .map(Field::getName).toList() + ")"));
    }

    static Set<Long> parseIds(String ids) {
        Set<Long> out = new TreeSet<>();
        for (String part : ids.split(",")) {
            if (!part.isBlank()) {
                out.add(Long.parseLong(part.strip()));
            }
        }
        return out;
    }

    /** {@code "0, 1"} as written, order kept (field lists are ordered). */
    static List<Integer> parseIdsInOrder(String ids) {
        return java.util.Arrays.stream(ids.split(",")).filter(p -> !p.isBlank()).map(p -> Integer.parseInt(p.strip())).toList();
    }

    static void assertSet(String what, Set<Long> expected, Set<Long> actual) {
        if (!expected.equals(actual)) {
            throw new AssertionError(what + ": expected " + expected + ", got " + actual);
        }
    }

    static String hex(byte[] bytes) {
        return java.util.HexFormat.of().formatHex(bytes);
    }
}
