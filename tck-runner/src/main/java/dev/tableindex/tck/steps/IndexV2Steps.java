package dev.tableindex.tck.steps;

import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.model.manifest.IndexV2Entry;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.tck.golden.KitCommits;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Capability {@code index_v2}: the top-level IndexV2 entries the engine wrote (IndexSection field 2,
 * docs/decisions/0001) and how they relate to the legacy segments (docs/decisions/0004).
 */
public final class IndexV2Steps {

    private static ManifestFile manifest() {
        return TableScenario.current().latestManifest();
    }

    /**
     * What the design's IndexV2 message says of itself: a name (unique: {@link #indexV2}), the field ids, an
     * index_type_id, an index_config, and files "unique by UUID" (no file id twice).
     */
    @Then("the manifest has an IndexV2 {string} on field ids {string}")
    public void hasIndexV2(String name, String fieldIds) {
        IndexV2Entry entry = indexV2(manifest(), name);
        List<Integer> expected = TableManifestSteps.parseIdsInOrder(fieldIds);
        if (!entry.fieldIds().equals(expected)) {
            throw new AssertionError("IndexV2 " + name + " is on field ids " + entry.fieldIds() + ", expected " + expected);
        }
        if (entry.indexTypeId().isEmpty()) {
            throw new AssertionError("IndexV2 " + name + " has no index_type_id");
        }
        if (entry.configTypeUrl().isEmpty()) {
            throw new AssertionError("IndexV2 " + name + " has no index_config");
        }
        Set<UUID> ids = new TreeSet<>();
        for (IndexV2Entry.File file : entry.files()) {
            if (!ids.add(file.id())) {
                throw new AssertionError("two files of IndexV2 " + name + " have the same id; files are unique by UUID");
            }
        }
    }

    /** The kit's names for Lance's own types (docs/decisions/0004: "lance:" + the details message name, lower-cased). */
    @Then("the manifest has an IndexV2 {string} on field ids {string} of type {string}")
    public void hasIndexV2OfType(String name, String fieldIds, String typeId) {
        hasIndexV2(name, fieldIds);
        IndexV2Entry entry = indexV2(manifest(), name);
        if (!entry.indexTypeId().equals(typeId)) {
            throw new AssertionError("IndexV2 " + name + " has index_type_id '" + entry.indexTypeId() + "', expected '" + typeId + "'");
        }
    }

    /**
     * "The prefix "lance:" is reserved for indices implemented in the Lance repo": the scenario makes the index one
     * of a type from elsewhere, so its IndexV2, if the engine writes one, does not claim the prefix.
     */
    @Then("an IndexV2 {string} in the manifest, if any, has no index_type_id with the prefix {string}")
    public void noReservedPrefix(String name, String prefix) {
        manifest().topLevelIndexes().stream().filter(i -> i.name().equals(name))
                .filter(i -> i.indexTypeId().regionMatches(true, 0, prefix, 0, prefix.length()))
                .findFirst().ifPresent(i -> {
                    throw new AssertionError("IndexV2 " + name + " has index_type_id '" + i.indexTypeId() + "', but its"
                            + " index is of a type from outside the Lance repo: the prefix \"" + prefix + "\" is reserved"
                            + " for indices implemented in the Lance repo");
                });
    }

    @Then("the index_type_id of IndexV2 {string} is remembered as {string}")
    public void rememberTypeId(String name, String key) {
        TableScenario.current().remember("index_type_id " + key, indexV2(manifest(), name).indexTypeId());
    }

    /** index_type_id is "Used to differentiate the index_config message": another type has another id. */
    @Then("the index_type_id of IndexV2 {string} is not the one remembered as {string}")
    public void typeIdChanged(String name, String key) {
        String before = (String) TableScenario.current().remembered("index_type_id " + key);
        if (indexV2(manifest(), name).indexTypeId().equals(before)) {
            throw new AssertionError("IndexV2 " + name + " kept index_type_id '" + before + "' for an index of another type");
        }
    }

    @Then("the index_config of IndexV2 {string} is remembered as {string}")
    public void rememberConfig(String name, String key) {
        TableScenario.current().remember("index_config " + key, indexV2(manifest(), name).proto().getIndexConfig());
    }

    /** index_config: "This should not change after it is created." Compared as type URL and bytes. */
    @Then("the index_config of IndexV2 {string} is the one remembered as {string}")
    public void configUnchanged(String name, String key) {
        Object before = TableScenario.current().remembered("index_config " + key);
        com.google.protobuf.Any now = indexV2(manifest(), name).proto().getIndexConfig();
        if (!now.equals(before)) {
            throw new AssertionError("the index_config of IndexV2 " + name + " changed from "
                    + ((com.google.protobuf.Any) before).getTypeUrl() + " (" + ((com.google.protobuf.Any) before).getValue().size()
                    + " bytes) to " + now.getTypeUrl() + " (" + now.getValue().size() + " bytes)");
        }
    }

    @Then("the files of IndexV2 {string} are remembered as {string}")
    public void rememberFiles(String name, String key) {
        TableScenario.current().remember("IndexV2 files " + key, indexV2(manifest(), name).files());
    }

    /**
     * An IndexV2 file "is immutable. Updates to indices add new files or remove existing ones": a file id
     * still listed keeps its size and covers no fragment it did not cover before.
     */
    @Then("the files of IndexV2 {string} remembered as {string} that are still listed are unchanged")
    public void filesUnchanged(String name, String key) {
        @SuppressWarnings("unchecked")
        List<IndexV2Entry.File> before = (List<IndexV2Entry.File>) TableScenario.current().remembered("IndexV2 files " + key);
        Map<UUID, IndexV2Entry.File> old = before.stream().collect(Collectors.toMap(IndexV2Entry.File::id, Function.identity()));
        List<IndexV2Entry.File> now = indexV2(manifest(), name).files();
        for (int i = 0; i < now.size(); i++) {
            IndexV2Entry.File file = now.get(i);
            IndexV2Entry.File was = old.get(file.id());
            if (was == null) {
                continue;
            }
            if (was.fileSize() != file.fileSize()) {
                throw new AssertionError("file " + (i + 1) + " of IndexV2 " + name + " kept its id but its size changed from "
                        + was.fileSize() + " to " + file.fileSize() + "; files are immutable");
            }
            Set<Long> gained = new TreeSet<>(known(file.coverage(), name));
            gained.removeAll(known(was.coverage(), name));
            if (!gained.isEmpty()) {
                throw new AssertionError("file " + (i + 1) + " of IndexV2 " + name + " kept its id but now covers fragments "
                        + gained + "; files are immutable: an update adds a new file");
            }
        }
    }

    @Then("the manifest has no IndexV2 {string}")
    public void hasNoIndexV2(String name) {
        if (manifest().topLevelIndexes().stream().anyMatch(e -> e.name().equals(name))) {
            throw new AssertionError("the manifest still has an IndexV2 named " + name);
        }
    }

    /** One file per legacy segment: same id, same coverage, the segment's one file and its size. */
    @Then("the IndexV2 {string} and its legacy segments describe the same files")
    public void agreesWithLegacy(String name) {
        List<String> differences = differences(manifest(), name);
        if (!differences.isEmpty()) {
            throw new AssertionError("IndexV2 " + name + " and its legacy segments disagree: " + String.join("; ", differences));
        }
    }

    /** What an old writer may leave: no IndexV2 at all, or entries still true to the legacy segments. */
    @Then("any IndexV2 left in the manifest agrees with the legacy segments")
    public void anyLeftAgrees() {
        ManifestFile manifest = manifest();
        List<String> differences = new ArrayList<>();
        for (IndexV2Entry entry : manifest.topLevelIndexes()) {
            differences.addAll(differences(manifest, entry.name()));
        }
        if (!differences.isEmpty()) {
            throw new AssertionError("IndexV2 entries left by the engine are stale: " + String.join("; ", differences));
        }
    }

    @Then("the files of IndexV2 {string} cover disjoint fragments")
    public void disjoint(String name) {
        Set<Long> seen = new TreeSet<>();
        for (IndexV2Entry.File file : indexV2(manifest(), name).files()) {
            for (long fragment : known(file.coverage(), name)) {
                if (!seen.add(fragment)) {
                    throw new AssertionError("two files of IndexV2 " + name + " cover fragment " + fragment);
                }
            }
        }
    }

    @Then("IndexV2 {string} covers fragments {string}")
    public void covers(String name, String ids) {
        ManifestFile manifest = manifest();
        Set<Long> covered = new TreeSet<>();
        for (IndexV2Entry.File file : indexV2(manifest, name).files()) {
            covered.addAll(known(file.coverage(), name));
        }
        covered.retainAll(TableManifestSteps.liveFragments(manifest));
        TableManifestSteps.assertSet("fragments IndexV2 " + name + " covers", TableManifestSteps.parseIds(ids), covered);
    }

    @Then("the IndexV2 id of {string} is remembered as {string}")
    public void rememberId(String name, String key) {
        TableScenario.current().remember(key, indexV2(manifest(), name).id());
    }

    @Then("the IndexV2 id of {string} is not the one remembered as {string}")
    public void idChanged(String name, String key) {
        UUID before = (UUID) TableScenario.current().remembered(key);
        if (indexV2(manifest(), name).id().equals(before)) {
            throw new AssertionError("IndexV2 " + name + " kept its id under a new configuration");
        }
    }

    @Then("the IndexV2 id of {string} is the one remembered as {string}")
    public void idKept(String name, String key) {
        UUID before = (UUID) TableScenario.current().remembered(key);
        UUID now = indexV2(manifest(), name).id();
        if (!now.equals(before)) {
            throw new AssertionError("IndexV2 " + name + " changed its id although its configuration did not change");
        }
    }

    // ---- what an IndexV2 the engine writes says of itself (docs/decisions/0061: where there is one) ----

    /** Nothing remembered: the manifest had no IndexV2 of that name, so later there is nothing to compare. */
    private static final Object NO_INDEX_V2 = new Object();

    @Then("the IndexV2 id of {string}, if the manifest has one, is remembered as {string}")
    public void rememberIdIfAny(String name, String key) {
        TableScenario.current().remember("IndexV2 id " + key, one(manifest(), name).<Object>map(IndexV2Entry::id)
                .orElse(NO_INDEX_V2));
    }

    /** IndexV2.id "unique identifies the index across time. If the index configuration changes, this also changes." */
    @Then("the IndexV2 id of {string}, if the manifest has one, is the one remembered as {string}")
    public void idKeptIfAny(String name, String key) {
        Object before = TableScenario.current().remembered("IndexV2 id " + key);
        one(manifest(), name).ifPresent(entry -> {
            if (before != NO_INDEX_V2 && !entry.id().equals(before)) {
                throw new AssertionError("IndexV2 " + name + " has another id than when it was created, although its"
                        + " configuration did not change: the id identifies the index across time");
            }
        });
    }

    /** IndexV2.name: "A unique, human-readable name of the index." */
    @Then("every IndexV2 in the manifest has a name no other has")
    public void uniqueNames() {
        Set<String> seen = new TreeSet<>();
        for (IndexV2Entry entry : manifest().topLevelIndexes()) {
            if (!seen.add(entry.name())) {
                throw new AssertionError("two IndexV2 entries are named " + entry.name() + "; the name is unique");
            }
        }
    }

    /** IndexV2.field_ids: "The fields that the index is on." */
    @Then("the IndexV2 {string}, if any, is on field ids {string}")
    public void fieldIdsIfAny(String name, String fieldIds) {
        List<Integer> expected = TableManifestSteps.parseIdsInOrder(fieldIds);
        one(manifest(), name).ifPresent(entry -> {
            if (!entry.fieldIds().equals(expected)) {
                throw new AssertionError("IndexV2 " + name + " is on field ids " + entry.fieldIds() + "; the index is on "
                        + expected);
            }
        });
    }

    /**
     * IndexFile.id: "The filename is derived from this UUID"; file_size: "The size in bytes of the index file"
     * (0: unknown, docs/decisions/0004). The folder _indices/&lt;id&gt;/ exists and, when the size is known, holds
     * a file of that size.
     */
    @Then("every file of every IndexV2 in the manifest is in the folder named by its id, of its file_size")
    public void filesInTheirFolders() {
        Path root = TableScenario.current().dataset();
        for (IndexV2Entry entry : manifest().topLevelIndexes()) {
            for (int i = 0; i < entry.files().size(); i++) {
                IndexV2Entry.File file = entry.files().get(i);
                Path folder = root.resolve("_indices").resolve(file.id().toString());
                String which = "file " + (i + 1) + " of IndexV2 " + entry.name();
                if (!Files.isDirectory(folder)) {
                    throw new AssertionError(which + " has an id that names no folder under _indices/; the filename is"
                            + " derived from the file's id");
                }
                if (file.fileSize() == 0) {
                    continue;
                }
                List<Long> sizes = sizes(folder);
                if (!sizes.contains(file.fileSize())) {
                    throw new AssertionError(which + " records file_size " + file.fileSize() + ", but the files in its"
                            + " folder have " + sizes + " bytes");
                }
            }
        }
    }

    /**
     * IndexFile.fragment_bitmap: "A serialized roaring bitmap. Contains the fragment ids that are covered by this
     * index." No bytes are no bitmap; the ids are of fragments the table has had (at most max_fragment_id).
     */
    @Then("every file of every IndexV2 in the manifest has a Roaring fragment_bitmap of fragments of the table")
    public void bitmapsOfFragments() {
        ManifestFile manifest = manifest();
        long highest = manifest.manifest().hasMaxFragmentId()
                ? Integer.toUnsignedLong(manifest.manifest().getMaxFragmentId()) : -1;
        for (IndexV2Entry entry : manifest.topLevelIndexes()) {
            for (IndexV2Entry.File file : entry.files()) {
                for (long fragment : known(file.coverage(), entry.name())) {
                    if (fragment > highest) {
                        throw new AssertionError("a file of IndexV2 " + entry.name() + " covers fragment " + fragment
                                + ", which the table never had (max_fragment_id " + highest + ")");
                    }
                }
            }
        }
    }

    // ---- the kit as another writer ----

    @Given("the kit commits a version with only the IndexV2 metadata and writer feature flag {long} set")
    public void v2Only(long bit) {
        KitCommitSteps.commit(KitCommits.v2Only(bit));
    }

    /** An old writer that keeps unknown fields but maintains only the legacy entries. */
    @Given("the kit commits a version where only the legacy segments of {string} cover fragments {string}")
    public void legacyOnlyChange(String name, String ids) {
        KitCommitSteps.commit(file -> {
            TableManifestSteps.segments(file, name);
            return KitCommits.legacyCoverage(name,
                    TableManifestSteps.parseIds(ids).stream().mapToLong(Long::longValue).toArray()).apply(file);
        });
    }

    /**
     * The legacy segments of the index record no file sizes (files cleared: "If this is empty, the index files
     * sizes are unknown"); its IndexV2 files keep theirs. Names, ids, fields, details and bitmaps still agree.
     */
    @Given("the kit commits a version where only the legacy segments of {string} record no file sizes")
    public void legacyWithoutSizes(String name) {
        KitCommitSteps.commit(file -> {
            TableManifestSteps.segments(file, name);
            indexV2(file, name);
            return KitCommits.legacyEntries(name, IndexMetadata.Builder::clearFiles).apply(file);
        });
    }

    // ---- helpers ----

    /** The IndexV2 named {@code name}, if the manifest has one (more than one is a failure: names are unique). */
    private static Optional<IndexV2Entry> one(ManifestFile manifest, String name) {
        return manifest.topLevelIndexes().stream().anyMatch(e -> e.name().equals(name))
                ? Optional.of(indexV2(manifest, name)) : Optional.empty();
    }

    private static List<Long> sizes(Path folder) {
        try (var files = Files.walk(folder)) {
            return files.filter(Files::isRegularFile).map(IndexRecordSteps::size).sorted().toList();
        } catch (java.io.IOException e) {
            throw new AssertionError("cannot list " + folder + ": " + e.getMessage());
        }
    }

    static IndexV2Entry indexV2(ManifestFile manifest, String name) {
        List<IndexV2Entry> named = manifest.topLevelIndexes().stream().filter(e -> e.name().equals(name)).toList();
        if (named.size() != 1) {
            throw new AssertionError(named.isEmpty()
                    ? "the manifest has no IndexV2 " + name + " (IndexV2 entries: "
                            + manifest.topLevelIndexes().stream().map(IndexV2Entry::name).toList() + ")"
                    : named.size() + " IndexV2 entries are named " + name + "; names are unique");
        }
        return named.get(0);
    }

    private static List<String> differences(ManifestFile manifest, String name) {
        IndexV2Entry entry = indexV2(manifest, name);
        List<IndexSegment> segments = manifest.segments().stream().filter(s -> s.name().equals(name)).toList();
        Map<UUID, IndexSegment> byId = segments.stream().collect(Collectors.toMap(IndexSegment::uuid, Function.identity()));
        List<String> out = new ArrayList<>();
        Set<UUID> fileIds = entry.files().stream().map(IndexV2Entry.File::id).collect(Collectors.toCollection(TreeSet::new));
        if (!fileIds.equals(new TreeSet<>(byId.keySet()))) {
            out.add(fileIds.size() + " file ids but " + byId.size() + " segment uuids, not the same ids");
        }
        for (IndexV2Entry.File file : entry.files()) {
            IndexSegment segment = byId.get(file.id());
            if (segment == null) {
                continue;
            }
            if (!segment.fields().equals(entry.fieldIds())) {
                out.add("a segment is on " + segment.fields() + ", IndexV2 on " + entry.fieldIds());
            }
            if (!segment.coverage().equals(file.coverage())) {
                out.add("a file covers " + file.coverage() + ", its segment " + segment.coverage());
            }
            if (segment.files().size() != 1 || segment.files().get(0).getSizeBytes() != file.fileSize()) {
                out.add("a file has " + file.fileSize() + " bytes, its segment records "
                        + segment.files().stream().map(f -> f.getPath() + "=" + f.getSizeBytes()).toList());
            }
        }
        return out;
    }

    private static List<Long> known(FragmentCoverage coverage, String name) {
        return coverage.fragmentIds().orElseThrow(() -> new AssertionError("a file of IndexV2 " + name
                + " has empty fragment_bitmap bytes; an IndexV2 file always records what it covers"));
    }
}
