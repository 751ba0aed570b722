package dev.tableindex.tck.steps;

import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.index.FeatureFlags;
import dev.tableindex.model.index.IndexTypes;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.proto.lance.file.Field;
import dev.tableindex.proto.lance.index.VectorIndexDetails;
import dev.tableindex.model.table.LanceV20DataFile;
import dev.tableindex.proto.lance.table.DataFile;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.IndexFile;
import io.cucumber.java.en.Then;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
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

    /** The segments of one index "cover different parts of the dataset": no live fragment is in two of their bitmaps. */
    @Then("no fragment of the table is covered by two segments of index {string}")
    public void segmentsDisjoint(String name) {
        ManifestFile manifest = manifest();
        Set<Long> live = liveFragments(manifest);
        List<IndexSegment> named = segments(manifest, name);
        Map<Long, IndexSegment> coveredBy = new java.util.HashMap<>();
        for (IndexSegment segment : named) {
            for (long fragment : segment.coverage().fragmentIds().orElse(List.of())) {
                IndexSegment other = live.contains(fragment) ? coveredBy.putIfAbsent(fragment, segment) : null;
                if (other != null) {
                    throw new AssertionError("fragment " + fragment + " is covered by " + label(named, other) + " and by "
                            + label(named, segment) + "; the segments of an index cover different parts of the dataset");
                }
            }
        }
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

    /**
     * fragment_bitmap: "This information can be retrieved from the dataset by looking at the dataset at
     * `dataset_version`": every fragment a bitmap names is a fragment of the table at the segment's
     * dataset_version, or of the table now. Ids of fragments that have since gone are allowed.
     */
    @Then("the fragment bitmaps of index {string} name only fragments of the table at its dataset_version or now")
    public void bitmapsNameKnownFragments(String name) {
        ManifestFile manifest = manifest();
        List<ManifestFile> versions = TableScenario.current().versions();
        List<IndexSegment> named = segments(manifest, name);
        for (IndexSegment segment : named) {
            long built = segment.proto().getDatasetVersion();
            Set<Long> known = new TreeSet<>(liveFragments(manifest));
            versions.stream().filter(v -> v.version() == built).forEach(v -> known.addAll(liveFragments(v)));
            Set<Long> unknown = new TreeSet<>(segment.coverage().fragmentIds().orElse(List.of()));
            unknown.removeAll(known);
            if (!unknown.isEmpty()) {
                throw new AssertionError(label(named, segment) + " names fragments " + unknown
                        + ", which are neither in the table nor in version " + built + " it records as built from");
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

    /**
     * After "tries to": either the engine refused to write (or to read) the dataset, or every segment of the
     * index still lists {@code fields} with {@code carried} as its covering_fields.
     */
    @Then("unless the engine refused to write, index {string} is on field ids {string} carrying {string}")
    public void keepsCoveringUnlessRefused(String name, String fields, String carried) {
        if (refusedForAFeature()) {
            return;
        }
        List<Integer> expectedFields = parseIdsInOrder(fields);
        List<Integer> expectedCarried = parseIdsInOrder(carried);
        List<IndexSegment> named = segments(manifest(), name);
        for (IndexSegment segment : named) {
            if (!segment.fields().equals(expectedFields) || !segment.coveringFields().equals(expectedCarried)) {
                throw new AssertionError(label(named, segment) + " is on field ids " + segment.fields() + " carrying "
                        + segment.coveringFields() + " after the engine wrote, expected " + expectedFields + " carrying "
                        + expectedCarried);
            }
        }
    }

    /**
     * Flag 1 &lt;&lt; 8: "This bit is paired in the reader and writer feature words and is one-way." After
     * "tries to": either the engine refused to write (or to read) the dataset, or the latest version still
     * sets the bit in both words.
     */
    @Then("unless the engine refused to write, the table still sets feature flag {long} for readers and writers")
    public void keepsFlagUnlessRefused(long bit) {
        if (refusedForAFeature()) {
            return;
        }
        var latest = manifest().manifest();
        if ((latest.getReaderFeatureFlags() & bit) == 0 || (latest.getWriterFeatureFlags() & bit) == 0) {
            throw new AssertionError("after the engine wrote, version " + Long.toUnsignedString(latest.getVersion())
                    + " has reader feature flags " + Long.toUnsignedString(latest.getReaderFeatureFlags())
                    + " and writer feature flags " + Long.toUnsignedString(latest.getWriterFeatureFlags())
                    + "; flag " + bit + " was set in both words and is one-way");
        }
    }

    /**
     * Flag 1 &lt;&lt; 8: "Readers and writers must use each DataFile's version instead of treating
     * data_format.version as a snapshot-wide identity." After "tries to": either the engine refused to write
     * (or to read), or every fragment of the latest version that still lists the kit's Lance 2.0 data file
     * records it as Lance 2.0 (2.0, or 0.3: Lance reads both as 2.0). A writer may rewrite those rows into a file
     * of its own (a new path); relabelling the kit's file with data_format.version is what fails.
     */
    @Then("unless the engine refused to write, every fragment that lists the kit's Lance 2.0 data file records it as version 2.0")
    public void keepsDataFileVersionUnlessRefused() {
        if (refusedForAFeature()) {
            return;
        }
        DataFile kits = (DataFile) TableScenario.current().remembered(KitCommitSteps.LANCE_20_DATA_FILE);
        var latest = manifest().manifest();
        for (DataFragment fragment : latest.getFragmentsList()) {
            for (DataFile file : fragment.getFilesList()) {
                if (file.getPath().equals(kits.getPath()) && !LanceV20DataFile.isVersion20(file)) {
                    throw new AssertionError("after the engine wrote, version " + Long.toUnsignedString(latest.getVersion())
                            + " lists the kit's Lance 2.0 data file " + file.getPath() + " in fragment " + fragment.getId()
                            + " as version " + file.getFileMajorVersion() + "." + file.getFileMinorVersion()
                            + " (data_format.version " + latest.getDataFormat().getVersion() + "); the file is Lance 2.0,"
                            + " recorded as " + kits.getFileMajorVersion() + "." + kits.getFileMinorVersion() + " by the kit");
                }
            }
        }
    }

    /**
     * DataStorageFormat.version: "Unless the mixed data-file-version capability is set, every referenced data
     * file must use this version." Every version of the table without flag 1 &lt;&lt; 8 (in either word) lists
     * only DataFiles whose version is its data_format.version: "M.m" is recorded as major M, minor m, and "2.0"
     * also as 0.3, the footer's numbers, which Lance reads as 2.0 too (decision 0032).
     */
    @Then("every version of the table without flag 256 lists only data files of its data_format.version")
    public void dataFilesOfTheDataFormat() {
        for (ManifestFile version : TableScenario.current().versions()) {
            var manifest = version.manifest();
            if (FeatureFlags.has(manifest.getReaderFeatureFlags() | manifest.getWriterFeatureFlags(),
                    FeatureFlags.MIXED_DATA_FILE_VERSIONS)) {
                continue;
            }
            String format = manifest.getDataFormat().getVersion();
            for (DataFragment fragment : manifest.getFragmentsList()) {
                for (DataFile file : fragment.getFilesList()) {
                    String recorded = file.getFileMajorVersion() + "." + file.getFileMinorVersion();
                    if (!recorded.equals(format) && !(format.equals("2.0") && recorded.equals("0.3"))) {
                        throw new AssertionError("version " + Long.toUnsignedString(manifest.getVersion())
                                + " has data_format.version " + format + " and no flag 256, but lists data file "
                                + file.getPath() + " (fragment " + fragment.getId() + ") as version " + recorded);
                    }
                }
            }
        }
    }

    /**
     * After "tries to": true if the engine refused for a feature flag (to write, or to read); false if it did
     * it. Any other refusal fails: it would keep the scenario from checking what it is about.
     */
    private static boolean refusedForAFeature() {
        var refusal = TableScenario.current().takeRefusal();
        if (refusal == null) {
            return false;
        }
        var reason = refusal.getRefusalReason();
        if (reason != dev.tableindex.proto.tck.RefusalReason.REFUSED_WRITER_FEATURE_UNSUPPORTED
                && reason != dev.tableindex.proto.tck.RefusalReason.REFUSED_READER_FEATURE_UNSUPPORTED) {
            throw new AssertionError("the engine refused with reason " + reason + " (" + refusal.getKind() + ": "
                    + refusal.getMessage() + "); the acceptable refusals are REFUSED_WRITER_FEATURE_UNSUPPORTED"
                    + " and REFUSED_READER_FEATURE_UNSUPPORTED");
        }
        return true;
    }

    /** IndexMetadata.uuid: "Unique ID of an index. It is unique across all the dataset versions." */
    @Then("every index segment has its own uuid")
    public void uniqueUuids() {
        List<IndexSegment> all = manifest().segments();
        Set<UUID> seen = new TreeSet<>();
        for (IndexSegment segment : all) {
            if (!seen.add(segment.uuid())) {
                throw new AssertionError("two index segments share a uuid (" + segment.name() + " and "
                        + all.stream().filter(s -> s.uuid().equals(segment.uuid())).map(IndexSegment::name).toList()
                        + "); a uuid names one segment");
            }
        }
    }

    /**
     * IndexMetadata.dataset_version, "The version of the dataset this index was built from": an index created
     * by the last operation was built from a version that operation read, the latest version before the request
     * or one the engine committed on the way (an engine may commit in steps), never the version that lists it.
     */
    @Then("index {string} was built from a version its operation read")
    public void builtFromVersionRead(String name) {
        ManifestFile manifest = manifest();
        long before = TableScenario.current().lastOperation().versionBefore();
        List<IndexSegment> named = segments(manifest, name);
        for (IndexSegment segment : named) {
            long built = segment.proto().getDatasetVersion();
            if (Long.compareUnsigned(built, before) < 0 || Long.compareUnsigned(built, manifest.version()) >= 0) {
                throw new AssertionError(label(named, segment) + " records dataset_version " + Long.toUnsignedString(built)
                        + "; it was created by the operation that read version " + Long.toUnsignedString(before)
                        + " and committed version " + Long.toUnsignedString(manifest.version()));
            }
        }
    }

    /** Every segment's uuid with the bytes of its files under _indices/uuid/, and its coverage. */
    @Then("the index files are remembered as {string}")
    public void rememberIndexFiles(String key) {
        Path root = TableScenario.current().dataset();
        Map<UUID, IndexFiles.Snapshot> files = new java.util.HashMap<>();
        for (IndexSegment segment : manifest().segments()) {
            files.put(segment.uuid(), IndexFiles.snapshot(root, segment));
        }
        TableScenario.current().remember(key, files);
    }

    /**
     * "This file is immutable. Updates to indices add new files or remove existing ones." A segment that
     * keeps its uuid keeps its files byte for byte, and covers no fragment it did not cover before.
     */
    @Then("the index files remembered as {string} that are still listed are unchanged")
    public void indexFilesUnchanged(String key) {
        @SuppressWarnings("unchecked")
        Map<UUID, IndexFiles.Snapshot> before = (Map<UUID, IndexFiles.Snapshot>) TableScenario.current().remembered(key);
        ManifestFile manifest = manifest();
        Path root = TableScenario.current().dataset();
        for (IndexSegment segment : manifest.segments()) {
            IndexFiles.Snapshot old = before.get(segment.uuid());
            if (old == null) {
                continue;
            }
            List<IndexSegment> named = manifest.segments().stream().filter(s -> s.name().equals(segment.name())).toList();
            String change = old.changeTo(IndexFiles.snapshot(root, segment));
            if (change != null) {
                throw new AssertionError(label(named, segment) + " kept its uuid but " + change
                        + "; index files are immutable: an update adds a new segment");
            }
        }
    }

    /** Manifest.max_fragment_id: "The highest fragment ID that has been used so far"; absent with no fragments. */
    @Then("max_fragment_id is the highest fragment id used so far")
    public void maxFragmentId() {
        OptionalLong used = OptionalLong.empty();
        for (ManifestFile version : TableScenario.current().versions()) {
            for (DataFragment fragment : version.manifest().getFragmentsList()) {
                if (used.isEmpty() || fragment.getId() > used.getAsLong()) {
                    used = OptionalLong.of(fragment.getId());
                }
            }
        }
        var latest = manifest().manifest();
        if (used.isEmpty()) {
            if (latest.hasMaxFragmentId()) {
                throw new AssertionError("no fragment was ever written, yet max_fragment_id is "
                        + Integer.toUnsignedLong(latest.getMaxFragmentId()) + "; for no fragments it is absent");
            }
            return;
        }
        if (!latest.hasMaxFragmentId() || Integer.toUnsignedLong(latest.getMaxFragmentId()) != used.getAsLong()) {
            throw new AssertionError("max_fragment_id is " + (latest.hasMaxFragmentId()
                    ? Long.toString(Integer.toUnsignedLong(latest.getMaxFragmentId())) : "absent")
                    + ", the highest fragment id used so far is " + used.getAsLong());
        }
    }

    /**
     * DataFragment.id: "The ID of a DataFragment is unique within a dataset", over all its versions (so
     * max_fragment_id, "The highest fragment ID that has been used so far"). No version lists an id twice; an
     * id that left the table never comes back; and an id kept from one version to the next names the same
     * fragment, so it keeps its physical_rows ("Number of original rows in the fragment").
     */
    @Then("no fragment id has named two fragments in any version of the table")
    public void fragmentIdsNeverReused() {
        Map<Long, Long> removedBy = new java.util.HashMap<>();
        Map<Long, Long> rowsBefore = Map.of();
        long previous = -1;
        for (ManifestFile file : TableScenario.current().versions()) {
            long version = file.version();
            Map<Long, Long> rows = new java.util.LinkedHashMap<>();
            for (DataFragment fragment : file.manifest().getFragmentsList()) {
                long id = fragment.getId();
                String where = "version " + Long.toUnsignedString(version) + " lists fragment id " + Long.toUnsignedString(id);
                if (rows.put(id, fragment.getPhysicalRows()) != null) {
                    throw new AssertionError(where + " twice");
                }
                if (removedBy.containsKey(id)) {
                    throw new AssertionError(where + ", which version " + Long.toUnsignedString(removedBy.get(id))
                            + " had removed; a fragment id is unique within a dataset, never reused");
                }
                Long had = rowsBefore.get(id);
                if (had != null && had != fragment.getPhysicalRows()) {
                    throw new AssertionError(where + " with physical_rows " + fragment.getPhysicalRows() + ", version "
                            + Long.toUnsignedString(previous) + " with " + had
                            + ": a new fragment under a used id (a fragment's original row count never changes)");
                }
            }
            for (Long id : rowsBefore.keySet()) {
                if (!rows.containsKey(id)) {
                    removedBy.put(id, version);
                }
            }
            rowsBefore = rows;
            previous = version;
        }
    }

    /** DataFragment.overlays: "This MUST be empty if the data overlay files feature flag (64) is not set". */
    @Then("no fragment has overlays unless flag 64 is set")
    public void noOverlaysWithoutFlag() {
        var latest = manifest().manifest();
        if (((latest.getReaderFeatureFlags() | latest.getWriterFeatureFlags()) & 64) != 0) {
            return;
        }
        for (DataFragment fragment : latest.getFragmentsList()) {
            if (fragment.getOverlaysCount() > 0) {
                throw new AssertionError("fragment " + fragment.getId() + " has " + fragment.getOverlaysCount()
                        + " overlay(s) but feature flag 64 is not set (reader flags " + latest.getReaderFeatureFlags()
                        + ", writer flags " + latest.getWriterFeatureFlags() + ")");
            }
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
