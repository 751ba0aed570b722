package dev.tableindex.tck.mutants;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.index.IndexTypes;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.manifest.ManifestWriter;
import dev.tableindex.model.table.DeletionFiles;
import dev.tableindex.model.table.IndexFileContent;
import dev.tableindex.model.table.TableStore;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.DataOverlayFile;
import dev.tableindex.proto.lance.table.DeletionFile;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.lance.table.IndexV2;
import dev.tableindex.proto.lance.table.Manifest;
import dev.tableindex.proto.tck.ApplyTableOperationRequest;
import dev.tableindex.proto.tck.ApplyTableOperationResult;
import dev.tableindex.proto.tck.CountRowsRequest;
import dev.tableindex.proto.tck.CountRowsResult;
import dev.tableindex.proto.tck.DescribeIndexesRequest;
import dev.tableindex.proto.tck.DescribeIndexesResult;
import dev.tableindex.proto.tck.ReadManifestRequest;
import dev.tableindex.proto.tck.ReadManifestResult;
import dev.tableindex.proto.tck.RefusalReason;
import dev.tableindex.proto.tck.TableOperation;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.ManifestReading;
import dev.tableindex.tck.api.RetriedCommits;
import dev.tableindex.tck.api.TableLifecycle;
import dev.tableindex.tck.golden.KitCommits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileWriter;

/**
 * Mutants of the reference engine for the rules of lance-index-v2-design.md (IV2-R…) and lance-table.proto
 * (LTP-R…): each changes one behaviour, as a writer's misstep committed after an operation, a reader's
 * misreading made before a read, or a manifest reader's changed result.
 */
public final class TableMutants {
    private TableMutants() {
    }

    // ---- writers ----

    /**
     * Deletes an index once an update leaves it covering nothing: the footgun the IndexV2 design removes
     * ("If a user creates an index, then updates all the rows covered in that index, the index is deleted").
     */
    public static final class DropsUncoveredIndex extends TableMutant {
        public DropsUncoveredIndex() {
            super("mutant-drops-uncovered-index", Set.of("IV2-R002"),
                    "deletes an index once a merge-insert has moved every row it covered");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (!operation.hasMergeInsert()) {
                return;
            }
            KitCommits.commit(root, file -> {
                Set<Long> live = live(file);
                Set<String> uncovered = file.segments().stream().map(IndexSegment::name).distinct()
                        .filter(name -> file.segments().stream().filter(s -> s.name().equals(name))
                                .allMatch(s -> s.coverage().fragmentIds().orElse(List.of()).stream().noneMatch(live::contains)))
                        .collect(Collectors.toSet());
                return withIndexes(file, e -> !uncovered.contains(e.getName()), e -> !uncovered.contains(e.getName()));
            });
        }
    }

    /**
     * Rewrites a column in place but leaves the coverage of the indexes on it as it was, so their files,
     * which still hold the old values, answer for rows whose values changed.
     */
    public static final class KeepsStaleCoverage extends TableMutant {
        public KeepsStaleCoverage() {
            super("mutant-keeps-stale-coverage", Set.of("IV2-R024"),
                    "keeps an index's fragment coverage when a column rewrite changes the values it indexed");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (!operation.hasUpdateColumn()) {
                return;
            }
            Map<UUID, ByteString> bitmaps = before.segments().stream()
                    .collect(Collectors.toMap(IndexSegment::uuid, s -> s.proto().getFragmentBitmap()));
            KitCommits.commit(root, file -> {
                IndexSection.Builder section = file.indexSection().orElseThrow().toBuilder();
                section.getIndicesBuilderList().forEach(entry -> {
                    ByteString old = bitmaps.get(IndexSegment.uuidFromBytes(entry.getUuid().getUuid().toByteArray()));
                    if (old != null) {
                        entry.setFragmentBitmap(old);
                    }
                });
                // IndexV2 too, so that a reader preferring it finds both forms agreeing
                section.getIndicesV2BuilderList().forEach(index -> index.getFilesBuilderList().forEach(f -> {
                    ByteString old = bitmaps.get(IndexSegment.uuidFromBytes(f.getId().toByteArray()));
                    if (old != null) {
                        f.setFragmentBitmap(old);
                    }
                }));
                return ManifestFile.of(file.manifest(), Optional.of(section.build()), Optional.empty());
            });
        }
    }

    /**
     * Names every index type in IndexV2 as if the Lance repo implemented it: "lance:" and the details message's
     * name, lower-cased, also for a type no Lance package defines ("The prefix "lance:" is reserved for indices
     * implemented in the Lance repo").
     */
    public static final class ClaimsLancePrefix extends TableMutant {
        public ClaimsLancePrefix() {
            super("mutant-claims-lance-prefix", Set.of("IV2-R019"),
                    "gives every IndexV2 a type id with the prefix lance:, also for an index type from outside the Lance repo");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            rewriteLatest(root, file -> {
                if (file.indexSection().isEmpty()) {
                    return file;
                }
                IndexSection.Builder section = file.indexSection().get().toBuilder();
                section.getIndicesV2BuilderList().stream().filter(index -> !index.getIndexTypeId().startsWith("lance:"))
                        .forEach(index -> {
                            String type = index.getIndexTypeId();
                            String message = type.substring(Math.max(type.lastIndexOf('/'), type.lastIndexOf('.')) + 1);
                            index.setIndexTypeId("lance:" + message.replace("IndexDetails", "").toLowerCase(java.util.Locale.ROOT));
                        });
                return ManifestFile.of(file.manifest(), Optional.of(section.build()), Optional.empty());
            });
        }
    }

    /** Creating an index on a table without rows writes nothing: "Users can't create indices on empty tables". */
    public static final class NoIndexOnEmptyTable extends TableMutant {
        public NoIndexOnEmptyTable() {
            super("mutant-no-index-on-empty-table", Set.of("IV2-R001"),
                    "drops an index created on a table that has no rows yet");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (operation.hasCreateIndex() && before.manifest().getFragmentsCount() == 0) {
                String name = operation.getCreateIndex().getName();
                KitCommits.commit(root, file -> withIndexes(file, e -> !e.getName().equals(name), e -> !e.getName().equals(name)));
            }
        }
    }

    /** Optimizing gives the new segment the uuid of the index's first segment. */
    public static final class ReusesSegmentUuid extends TableMutant {
        public ReusesSegmentUuid() {
            super("mutant-reuses-segment-uuid", Set.of("LTP-R012", "IV2-R021", "IV2-R004"),
                    "gives the segment that optimizing adds the uuid of the index's existing segment");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (!operation.hasOptimizeIndices()) {
                return;
            }
            KitCommits.commit(root, file -> {
                IndexSection.Builder section = file.indexSection().orElseThrow().toBuilder();
                Map<String, IndexMetadata> first = new java.util.HashMap<>();
                for (IndexMetadata.Builder entry : section.getIndicesBuilderList()) {
                    IndexMetadata earlier = first.putIfAbsent(entry.getName(), entry.build());
                    if (earlier != null) {
                        entry.setUuid(earlier.getUuid());
                    }
                }
                return ManifestFile.of(file.manifest(), Optional.of(section.build()), Optional.empty());
            });
        }
    }

    /** Optimizing folds the new rows into the index's existing file, under its uuid, instead of adding a file. */
    public static final class RewritesIndexFileInPlace extends TableMutant {
        public RewritesIndexFileInPlace() {
            super("mutant-rewrites-index-file-in-place", Set.of("IV2-R022"),
                    "rewrites an index's existing file under the same uuid when optimizing, instead of adding a file");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (!operation.hasOptimizeIndices()) {
                return;
            }
            KitCommits.commit(root, file -> {
                IndexSection.Builder section = file.indexSection().orElseThrow().toBuilder();
                List<IndexMetadata> merged = new ArrayList<>();
                Map<String, Integer> firstAt = new java.util.HashMap<>();
                for (IndexMetadata entry : section.getIndicesList()) {
                    Integer at = firstAt.putIfAbsent(entry.getName(), merged.size());
                    if (at == null) {
                        merged.add(entry);
                        continue;
                    }
                    IndexMetadata kept = merged.get(at);
                    copyFiles(root, uuid(entry), uuid(kept));
                    FragmentCoverage union = FragmentCoverage.of(union(kept, entry));
                    merged.set(at, kept.toBuilder().setFragmentBitmap(ByteString.copyFrom(union.encode()))
                            .clearFiles().addAllFiles(entry.getFilesList()).build());
                }
                section.clearIndices().addAllIndices(merged).clearIndicesV2();
                return ManifestFile.of(file.manifest(), Optional.of(section.build()), Optional.empty());
            });
        }

        private static long[] union(IndexMetadata a, IndexMetadata b) {
            Set<Long> ids = new TreeSet<>();
            for (IndexMetadata entry : List.of(a, b)) {
                ids.addAll(FragmentCoverage.fromBytes(entry.getFragmentBitmap().toByteArray()).fragmentIds().orElse(List.of()));
            }
            return ids.stream().mapToLong(Long::longValue).toArray();
        }

        private static void copyFiles(Path root, UUID from, UUID to) {
            Path source = root.resolve("_indices").resolve(from.toString());
            Path target = root.resolve("_indices").resolve(to.toString());
            try (var files = Files.list(source)) {
                for (Path file : files.toList()) {
                    Files.copy(file, target.resolve(file.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Records the version it committed as the version an index was built from. */
    public static final class DatasetVersionIsCommitVersion extends TableMutant {
        public DatasetVersionIsCommitVersion() {
            super("mutant-dataset-version-is-commit-version", Set.of("LTP-R016"),
                    "records in dataset_version the version the index commit creates, not the version it read");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (!operation.hasCreateIndex()) {
                return;
            }
            String name = operation.getCreateIndex().getName();
            KitCommits.commit(root, file -> KitCommits.legacyEntries(name,
                    e -> e.setDatasetVersion(file.version() + 1)).apply(file));
        }
    }

    /** Writes max_fragment_id as 0 whatever fragments were used. */
    public static final class MaxFragmentIdZero extends TableMutant {
        public MaxFragmentIdZero() {
            super("mutant-max-fragment-id-zero", Set.of("LTP-R010", "LTP-R011"),
                    "writes max_fragment_id 0 on every commit, with or without fragments");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            KitCommits.commit(root, KitCommits.manifest(m -> m.setMaxFragmentId(0)));
        }
    }

    /** A column rewrite also records an overlay for the rewritten column, without flag 64. */
    public static final class OverlayWithoutFlag extends TableMutant {
        public OverlayWithoutFlag() {
            super("mutant-overlay-without-flag", Set.of("LTP-R039"),
                    "records a data overlay for a column rewrite without setting feature flag 64");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (!operation.hasUpdateColumn()) {
                return;
            }
            KitCommits.commit(root, KitCommits.manifest(m -> {
                DataFragment.Builder first = m.getFragmentsBuilder(0);
                first.addOverlays(DataOverlayFile.newBuilder().setDataFile(first.getFiles(0))
                        .setSharedOffsetBitmap(ByteString.copyFrom(FragmentCoverage.of(0).encode()))
                        .setCommittedVersion(before.version() + 1));
                return m;
            }));
        }
    }

    /** Writes under flag 128 as if every entry of fields were keyed: the covering declaration is lost. */
    public static final class DropsCoveringOnWrite extends TableMutant {
        public DropsCoveringOnWrite() {
            super("mutant-drops-covering-on-write", Set.of("LTP-R006"),
                    "writes to a dataset with flag 128 treating every entry of fields as keyed, dropping covering_fields");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (before.segments().stream().anyMatch(s -> !s.coveringFields().isEmpty())) {
                KitCommits.commit(root, file -> {
                    IndexSection.Builder section = file.indexSection().orElseThrow().toBuilder();
                    section.getIndicesBuilderList().forEach(IndexMetadata.Builder::clearCoveringFields);
                    return ManifestFile.of(file.manifest(), Optional.of(section.build()), Optional.empty());
                });
            }
        }
    }

    /** Names deletion files without the read version: {fragment_id}-{id}.bin. */
    public static final class DeletionFileMisnamed extends TableMutant {
        public DeletionFileMisnamed() {
            super("mutant-deletion-file-misnamed", Set.of("LTP-R047"),
                    "names a deletion file {fragment_id}-{id}.bin, leaving out the read version");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (!operation.hasDeleteRows()) {
                return;
            }
            for (DataFragment fragment : LanceDatasetFolder.open(root).readLatest().manifest().getFragmentsList()) {
                if (fragment.hasDeletionFile()) {
                    var file = fragment.getDeletionFile();
                    Path deletions = root.resolve("_deletions");
                    String ext = file.getFileType() == dev.tableindex.proto.lance.table.DeletionFile.DeletionFileType.BITMAP ? "bin" : "arrow";
                    Path proper = deletions.resolve(fragment.getId() + "-" + Long.toUnsignedString(file.getReadVersion()) + "-"
                            + Long.toUnsignedString(file.getId()) + "." + ext);
                    try {
                        if (Files.exists(proper)) {
                            Files.move(proper, deletions.resolve(fragment.getId() + "-" + Long.toUnsignedString(file.getId()) + "." + ext));
                        }
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }
        }
    }

    /** Counts the deleted rows of the deletion's own request only, not every row the file marks. */
    public static final class NumDeletedRowsOfLastDelete extends TableMutant {
        public NumDeletedRowsOfLastDelete() {
            super("mutant-num-deleted-rows-of-last-delete", Set.of("LTP-R051"),
                    "records in num_deleted_rows only the rows the last delete removed");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (!operation.hasDeleteRows()) {
                return;
            }
            Map<Long, Long> earlier = before.manifest().getFragmentsList().stream().filter(DataFragment::hasDeletionFile)
                    .collect(Collectors.toMap(DataFragment::getId, f -> f.getDeletionFile().getNumDeletedRows()));
            KitCommits.commit(root, KitCommits.manifest(m -> {
                for (DataFragment.Builder fragment : m.getFragmentsBuilderList()) {
                    Long had = earlier.get(fragment.getId());
                    if (had != null && fragment.hasDeletionFile()) {
                        fragment.getDeletionFileBuilder().setNumDeletedRows(fragment.getDeletionFile().getNumDeletedRows() - had);
                    }
                }
                return m;
            }));
        }
    }

    /** A second index under a name in use is added as more segments of that name instead of being refused. */
    public static final class DuplicatesIndexName extends TableMutant {
        public DuplicatesIndexName() {
            super("mutant-duplicates-index-name", Set.of("LTP-R015", "IV2-R003"),
                    "adds a second index under a name in use, as more segments of that name, instead of refusing");
        }

        @Override
        ApplyTableOperationResult apply(TableLifecycle reference, ApplyTableOperationRequest request) {
            try {
                return reference.apply(request);
            } catch (EngineRefusal refusal) {
                if (refusal.error().getRefusalReason() != RefusalReason.REFUSED_INDEX_NAME_EXISTS) {
                    throw refusal;
                }
                String name = request.getOperation().getCreateIndex().getName();
                ApplyTableOperationRequest.Builder other = request.toBuilder();
                other.getOperationBuilder().getCreateIndexBuilder().setName(name + "-second");
                ApplyTableOperationResult result = reference.apply(other.build());
                KitCommits.commit(Path.of(request.getDatasetPath()), KitCommits.legacyEntries(name + "-second",
                        e -> e.setName(name)));
                return result;
            }
        }
    }

    /** Replacing an index keeps the uuid of the segment it replaces. */
    public static final class ReplaceKeepsUuid extends TableMutant {
        public ReplaceKeepsUuid() {
            super("mutant-replace-keeps-uuid", Set.of("IV2-R017"),
                    "gives an index replaced with a new configuration the uuid of the segment it replaces");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (!operation.hasCreateIndex() || !operation.getCreateIndex().getReplace()) {
                return;
            }
            String name = operation.getCreateIndex().getName();
            before.segments().stream().filter(s -> s.name().equals(name)).findFirst().ifPresent(old ->
                    KitCommits.commit(root, KitCommits.legacyEntries(name, e -> e.setUuid(old.proto().getUuid()))));
        }
    }

    /** Writes the deleted offsets as a plain array of little-endian int32 in the .bin file, not as a Roaring bitmap. */
    public static final class DeletionBitmapAsIntArray extends TableMutant {
        public DeletionBitmapAsIntArray() {
            super("mutant-deletion-bitmap-as-int-array", Set.of("LTP-R049"),
                    "writes a BITMAP deletion file as raw little-endian int32 offsets instead of a Roaring bitmap");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (!operation.hasDeleteRows()) {
                return;
            }
            for (DataFragment fragment : LanceDatasetFolder.open(root).readLatest().manifest().getFragmentsList()) {
                var file = fragment.getDeletionFile();
                if (!fragment.hasDeletionFile() || file.getFileType() != dev.tableindex.proto.lance.table.DeletionFile.DeletionFileType.BITMAP) {
                    continue;
                }
                Path path = root.resolve("_deletions").resolve(fragment.getId() + "-" + Long.toUnsignedString(file.getReadVersion())
                        + "-" + Long.toUnsignedString(file.getId()) + ".bin");
                try {
                    var offsets = FragmentCoverage.fromBytes(Files.readAllBytes(path)).fragmentIds().orElse(List.of());
                    var bytes = java.nio.ByteBuffer.allocate(4 * offsets.size()).order(java.nio.ByteOrder.LITTLE_ENDIAN);
                    offsets.forEach(o -> bytes.putInt(o.intValue()));
                    Files.write(path, bytes.array());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }

    /** A rename gives the renamed column a new field id, and its index follows the new id. */
    public static final class RenameNewFieldId extends TableMutant {
        public RenameNewFieldId() {
            super("mutant-rename-new-field-id", Set.of("LTP-R013", "IV2-R012"),
                    "gives a renamed column a new field id instead of keeping the one its index refers to");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (!operation.hasRenameColumn()) {
                return;
            }
            String name = operation.getRenameColumn().getNewName();
            KitCommits.commit(root, KitCommits.manifest(m -> {
                int next = m.getFieldsList().stream().mapToInt(f -> f.getId()).max().orElse(-1) + 1;
                m.getFieldsBuilderList().stream().filter(f -> f.getParentId() == -1 && f.getName().equals(name))
                        .forEach(f -> f.setId(next));
                return m;
            }));
        }
    }

    /** Writes deletion files but leaves reader (and writer) flag 1 clear in the version that lists them. */
    public static final class DeletionFilesWithoutFlag extends TableMutant {
        public DeletionFilesWithoutFlag() {
            super("mutant-deletion-files-without-flag", Set.of("LTP-R003"),
                    "writes deletion files without setting feature flag 1 (deletion files are present)");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (operation.hasDeleteRows()) {
                rewriteLatest(root, KitCommits.manifest(m -> m.setReaderFeatureFlags(m.getReaderFeatureFlags() & ~1L)
                        .setWriterFeatureFlags(m.getWriterFeatureFlags() & ~1L)));
            }
        }
    }

    /** Numbers appended fragments from the number of fragments in the table, not from max_fragment_id + 1. */
    public static final class FragmentIdsFromCount extends TableMutant {
        public FragmentIdsFromCount() {
            super("mutant-fragment-ids-from-count", Set.of("LTP-R036"),
                    "numbers appended fragments from the count of fragments in the table instead of from max_fragment_id + 1");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (!operation.hasAppend()) {
                return;
            }
            Set<Long> had = live(before);
            rewriteLatest(root, KitCommits.manifest(m -> {
                long next = had.size();
                for (DataFragment.Builder fragment : m.getFragmentsBuilderList()) {
                    if (!had.contains(fragment.getId())) {
                        fragment.setId(next++);
                    }
                }
                return m;
            }));
        }
    }

    /** Writes ARROW_ARRAY deletion files whose offsets are an Int64 array. */
    public static final class ArrowDeletionOffsetsInt64 extends TableMutant {
        public ArrowDeletionOffsetsInt64() {
            super("mutant-arrow-deletion-offsets-int64", Set.of("LTP-R048"),
                    "writes ARROW_ARRAY deletion files with the offsets as an Int64 array instead of an Int32Array");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (!operation.hasDeleteRows()) {
                return;
            }
            Map<Long, DeletionFile> had = deletionFiles(before);
            rewriteLatest(root, KitCommits.manifest(m -> {
                for (DataFragment.Builder fragment : m.getFragmentsBuilderList()) {
                    if (fragment.hasDeletionFile() && !fragment.getDeletionFile().equals(had.get(fragment.getId()))) {
                        Path bitmap = root.resolve(DeletionFiles.path(fragment.getId(), fragment.getDeletionFile()));
                        fragment.getDeletionFileBuilder().setFileType(DeletionFile.DeletionFileType.ARROW_ARRAY);
                        writeInt64Offsets(bitmap, root.resolve(DeletionFiles.path(fragment.getId(), fragment.getDeletionFile())));
                    }
                }
                return m;
            }));
        }

        private static void writeInt64Offsets(Path bitmap, Path arrow) {
            try (BufferAllocator allocator = new RootAllocator();
                    BigIntVector offsets = new BigIntVector("row_offsets", allocator)) {
                List<Long> deleted = FragmentCoverage.fromBytes(Files.readAllBytes(bitmap)).fragmentIds().orElse(List.of());
                offsets.allocateNew(deleted.size());
                for (int i = 0; i < deleted.size(); i++) {
                    offsets.set(i, deleted.get(i));
                }
                offsets.setValueCount(deleted.size());
                try (VectorSchemaRoot batch = VectorSchemaRoot.of(offsets);
                        var out = Files.newByteChannel(arrow, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                        ArrowFileWriter writer = new ArrowFileWriter(batch, null, out)) {
                    writer.start();
                    writer.writeBatch();
                    writer.end();
                }
                Files.delete(bitmap);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Records in a deletion file's read_version the version its commit creates, not the version it read. */
    public static final class DeletionReadVersionIsCommitVersion extends TableMutant {
        public DeletionReadVersionIsCommitVersion() {
            super("mutant-deletion-read-version-is-commit-version", Set.of("LTP-R050"),
                    "records in a deletion file's read_version the version the delete commits, not the version it read");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (!operation.hasDeleteRows()) {
                return;
            }
            long committed = before.version() + 1;
            Map<Long, DeletionFile> had = deletionFiles(before);
            rewriteLatest(root, KitCommits.manifest(m -> {
                for (DataFragment.Builder fragment : m.getFragmentsBuilderList()) {
                    if (fragment.hasDeletionFile() && !fragment.getDeletionFile().equals(had.get(fragment.getId()))) {
                        Path written = root.resolve(DeletionFiles.path(fragment.getId(), fragment.getDeletionFile()));
                        fragment.getDeletionFileBuilder().setReadVersion(committed);
                        move(written, root.resolve(DeletionFiles.path(fragment.getId(), fragment.getDeletionFile())));
                    }
                }
                return m;
            }));
        }
    }

    /**
     * Knows flag 256 but drops it: the version it writes recomputes the flags from what it wrote, as if the
     * flag described only the data files of that version.
     */
    public static final class DropsMixedVersionsFlag extends TableMutant {
        public DropsMixedVersionsFlag() {
            super("mutant-drops-mixed-versions-flag", Set.of("LTP-R007"),
                    "writes to a dataset with flag 256 (mixed data file versions) and clears the flag in the version it writes");
        }

        @Override
        ApplyTableOperationResult apply(TableLifecycle reference, ApplyTableOperationRequest request) {
            Path root = Path.of(request.getDatasetPath());
            if (request.getOperation().hasCreateTable()
                    || (LanceDatasetFolder.open(root).readLatest().manifest().getWriterFeatureFlags() & 256) == 0) {
                return reference.apply(request);
            }
            // the reference carries the flag from the version it reads: it writes from a read version without it
            LanceDatasetFolder folder = LanceDatasetFolder.open(root);
            Path read = folder.entry(folder.latestVersion()).path();
            byte[] original;
            try {
                original = Files.readAllBytes(read);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            rewriteLatest(root, KitCommits.manifest(m -> m.setReaderFeatureFlags(m.getReaderFeatureFlags() & ~256L)
                    .setWriterFeatureFlags(m.getWriterFeatureFlags() & ~256L)));
            try {
                return reference.apply(request);
            } finally {
                try {
                    Files.write(read, original);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }

    /**
     * Knows flag 256 but writes every data file's version as data_format.version says: the DataFiles of the
     * version it writes (another writer's Lance 2.0 file included) are relabelled with it.
     */
    public static final class RelabelsDataFileVersions extends TableMutant {
        public RelabelsDataFileVersions() {
            super("mutant-relabels-data-file-versions", Set.of("LTP-R007", "LTP-R053"),
                    "writes every DataFile's version as data_format.version, relabelling another writer's Lance 2.0 file");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            rewriteLatest(root, KitCommits.manifest(TableMutants::asDataFormat));
        }
    }

    /**
     * Writes its new data files in a newer format than data_format.version names, and labels them so, without
     * setting flag 256: a table of mixed versions that says it is not.
     */
    public static final class NewerDataFilesWithoutFlag extends TableMutant {
        public NewerDataFilesWithoutFlag() {
            super("mutant-newer-data-files-without-flag", Set.of("LTP-R052", "LTP-R079", "LTP-R110"),
                    "labels the data files it writes 2.2 while data_format.version stays 2.1 and flag 256 is not set");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            Set<String> old = before.manifest().getFragmentsList().stream().flatMap(f -> f.getFilesList().stream())
                    .map(dev.tableindex.proto.lance.table.DataFile::getPath).collect(Collectors.toSet());
            rewriteLatest(root, KitCommits.manifest(m -> {
                m.getFragmentsBuilderList().forEach(fragment -> fragment.getFilesBuilderList().stream()
                        .filter(file -> !old.contains(file.getPath()))
                        .forEach(file -> file.setFileMajorVersion(2).setFileMinorVersion(2)));
                return m;
            }));
        }
    }

    // ---- readers ----

    /**
     * Treats data_format.version as a snapshot-wide identity: it decodes every data file as that version, so
     * another writer's Lance 2.0 file is read as the reference's 2.1 files are (and refused as unreadable).
     */
    public static final class DecodesByDataFormat extends TableMutant {
        public DecodesByDataFormat() {
            super("mutant-decodes-by-data-format", Set.of("LTP-R007", "LTP-R053"),
                    "decodes every data file as data_format.version says, not as its DataFile's own version");
        }

        @Override
        void beforeRead(Path root) {
            Manifest manifest = LanceDatasetFolder.open(root).readLatest().manifest();
            if (!asDataFormat(manifest.toBuilder()).build().equals(manifest)) {
                KitCommits.commit(root, KitCommits.manifest(TableMutants::asDataFormat));
            }
        }
    }

    /** Reads a table whatever its reader flags say: it clears them before reading. */
    public static final class IgnoresReaderFlags extends TableMutant {
        public IgnoresReaderFlags() {
            super("mutant-ignores-reader-flags", Set.of("LTP-R002"),
                    "reads a table whose reader feature flags it does not know");
        }

        @Override
        void beforeRead(Path root) {
            if (LanceDatasetFolder.open(root).readLatest().manifest().getReaderFeatureFlags() != 0) {
                KitCommits.commit(root, KitCommits.manifest(m -> m.setReaderFeatureFlags(0)));
            }
        }
    }

    /** Reads an index of a details type it does not know as the BTree it looks like. */
    public static final class UsesUnknownIndexType extends TableMutant {
        public UsesUnknownIndexType() {
            super("mutant-uses-unknown-index-type", Set.of("IV2-R018", "LTP-R021", "LTP-R090"),
                    "uses an index whose details type it does not know, as if it were a BTree");
        }

        @Override
        void beforeRead(Path root) {
            for (String name : indexesOfUnknownType(root)) {
                KitCommits.commit(root, KitCommits.legacyEntries(name,
                        e -> e.setIndexDetails(Any.newBuilder().setTypeUrl(IndexTypes.BTREE_URL))));
            }
        }
    }

    /** Reads empty fragment_bitmap bytes as "covers every fragment of the table". */
    public static final class EmptyBitmapCoversAll extends TableMutant {
        public EmptyBitmapCoversAll() {
            super("mutant-empty-bitmap-covers-all", Set.of("LTP-R017"),
                    "reads an index whose fragment_bitmap bytes are empty as covering every fragment");
        }

        @Override
        void beforeRead(Path root) {
            ManifestFile latest = LanceDatasetFolder.open(root).readLatest();
            long[] all = live(latest).stream().mapToLong(Long::longValue).toArray();
            Set<String> unknown = latest.segments().stream().filter(s -> !s.coverage().isKnown())
                    .map(IndexSegment::name).collect(Collectors.toSet());
            for (String name : unknown) {
                KitCommits.commit(root, KitCommits.legacyEntries(name, e -> e.getFragmentBitmap().isEmpty()
                        ? e.setFragmentBitmap(ByteString.copyFrom(FragmentCoverage.of(all).encode())) : e));
            }
        }
    }

    /** Lets an index answer for cells an overlay committed after the index was built. */
    public static final class IndexAnswersForOverlays extends TableMutant {
        public IndexAnswersForOverlays() {
            super("mutant-index-answers-for-overlays", Set.of("LTP-R043"),
                    "treats every index as incorporating the overlays, so it answers for overlaid cells with old values");
        }

        @Override
        void beforeRead(Path root) {
            ManifestFile latest = LanceDatasetFolder.open(root).readLatest();
            long newest = latest.manifest().getFragmentsList().stream().flatMap(f -> f.getOverlaysList().stream())
                    .mapToLong(DataOverlayFile::getCommittedVersion).max().orElse(-1);
            if (newest < 0) {
                return;
            }
            for (String name : latest.segments().stream().map(IndexSegment::name).distinct().toList()) {
                KitCommits.commit(root, KitCommits.legacyEntries(name,
                        e -> e.getDatasetVersion() < newest ? e.setDatasetVersion(newest) : e));
            }
        }
    }

    /** Reads the base values under a data overlay (and ignores the flag that says overlays are present). */
    public static final class IgnoresOverlays extends TableMutant {
        public IgnoresOverlays() {
            super("mutant-ignores-overlays", Set.of("LTP-R004", "LTP-R042"),
                    "reads a fragment's base data files and never its overlays");
        }

        @Override
        void beforeRead(Path root) {
            Manifest manifest = LanceDatasetFolder.open(root).readLatest().manifest();
            if (manifest.getFragmentsList().stream().anyMatch(f -> f.getOverlaysCount() > 0)) {
                KitCommits.commit(root, KitCommits.manifest(m -> {
                    m.getFragmentsBuilderList().forEach(DataFragment.Builder::clearOverlays);
                    return m.setReaderFeatureFlags(m.getReaderFeatureFlags() & ~64L)
                            .setWriterFeatureFlags(m.getWriterFeatureFlags() & ~64L);
                }));
            }
        }
    }

    /** Reads a column that a fragment has no file for as its type's default value (0, '', false), not as nulls. */
    public static final class AbsentColumnAsDefaults extends TableMutant {
        public AbsentColumnAsDefaults() {
            super("mutant-absent-column-as-defaults", Set.of("LTP-R035"),
                    "reads a schema column that a fragment has no data file for as its type's default value instead of nulls");
        }

        @Override
        void beforeRead(Path root) {
            Manifest manifest = LanceDatasetFolder.open(root).readLatest().manifest();
            for (DataFragment fragment : manifest.getFragmentsList()) {
                Set<Integer> held = fragment.getFilesList().stream().flatMap(f -> f.getFieldsList().stream())
                        .collect(Collectors.toSet());
                Map<Integer, JsonNode> defaults = new java.util.HashMap<>();
                for (var field : manifest.getFieldsList()) {
                    if (field.getParentId() == -1 && !held.contains(field.getId())) {
                        defaultOf(field.getLogicalType()).ifPresent(value -> defaults.put(field.getId(), value));
                    }
                }
                if (!defaults.isEmpty()) {
                    fillIn(root.resolve("data").resolve(fragment.getFiles(0).getPath()), defaults);
                }
            }
        }

        private static Optional<JsonNode> defaultOf(String logicalType) {
            var json = JsonNodeFactory.instance;
            return switch (logicalType) {
                case "int32", "int64", "float", "double" -> Optional.of(json.numberNode(0));
                case "string" -> Optional.of(json.textNode(""));
                case "bool" -> Optional.of(json.booleanNode(false));
                default -> Optional.empty();
            };
        }

        /** The reference's stand-in data file with the default written into every row. */
        private static void fillIn(Path dataFile, Map<Integer, JsonNode> defaults) {
            try {
                var mapper = new ObjectMapper();
                JsonNode root = mapper.readTree(dataFile.toFile());
                for (JsonNode row : root.path("rows")) {
                    defaults.forEach((id, value) -> ((ObjectNode) row).set(Integer.toString(id), value));
                }
                Files.write(dataFile, mapper.writeValueAsBytes(root));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Takes an index whose entry records no files as having files of 0 bytes: an empty index, used as such. */
    public static final class UnknownIndexSizeAsEmpty extends TableMutant {
        public UnknownIndexSizeAsEmpty() {
            super("mutant-unknown-index-size-as-empty", Set.of("LTP-R027"),
                    "takes the size of an index file the entry does not record as 0 bytes and answers from an empty index");
        }

        @Override
        void beforeRead(Path root) {
            for (IndexSegment segment : LanceDatasetFolder.open(root).readLatest().segments()) {
                if (segment.files().isEmpty()) {
                    TableStore.readIndexFile(root, segment.uuid()).ifPresent(content -> {
                        try {
                            for (var file : new IndexFileContent(content.kind(), List.of()).files().entrySet()) {
                                Files.write(TableStore.indexFolder(root, segment.uuid()).resolve(file.getKey()),
                                        file.getValue());
                            }
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    });
                }
            }
        }
    }

    // ---- manifest readers ----

    /** Drops the fragment_bitmap bytes: "covers nothing" becomes "unknown". */
    public static final class UnknownCoverage extends ManifestMutant {
        public UnknownCoverage() {
            super("mutant-unknown-coverage", Set.of("LTP-R017"),
                    "returns index entries with their fragment_bitmap bytes dropped");
        }

        @Override
        ReadManifestResult change(ReadManifestResult result) {
            if (!result.hasIndexSection()) {
                return result;
            }
            IndexSection.Builder builder = result.getIndexSection().toBuilder();
            builder.getIndicesBuilderList().forEach(entry -> entry.setFragmentBitmap(ByteString.EMPTY));
            return result.toBuilder().setIndexSection(builder.build()).build();
        }
    }

    /** Takes index_section = 0 for "no index section" (Lance writes the section first, at offset 0). */
    public static final class IndexSectionAtZeroIsAbsent extends ManifestMutant {
        public IndexSectionAtZeroIsAbsent() {
            super("mutant-index-section-at-zero-is-absent", Set.of("LTP-R001"),
                    "reads index_section by value, so a section at file position 0 is taken as absent");
        }

        @Override
        ReadManifestResult change(ReadManifestResult result) {
            return result.hasIndexSection() && result.getManifest().getIndexSection() == 0
                    ? result.toBuilder().clearIndexSection().build() : result;
        }
    }

    /** Drops the list of index files and their sizes. */
    public static final class DropsIndexFiles extends ManifestMutant {
        public DropsIndexFiles() {
            super("mutant-drops-index-files", Set.of("LTP-R028", "LTP-R029"),
                    "returns index entries without their files and sizes");
        }

        @Override
        ReadManifestResult change(ReadManifestResult result) {
            if (!result.hasIndexSection()) {
                return result;
            }
            IndexSection.Builder builder = result.getIndexSection().toBuilder();
            builder.getIndicesBuilderList().forEach(IndexMetadata.Builder::clearFiles);
            return result.toBuilder().setIndexSection(builder.build()).build();
        }
    }

    /**
     * Drops the index files and says it cannot report them (ReadManifestResult.unreported): the comparison of whole
     * views leaves them out, a scenario about them must still fail.
     */
    public static final class UnreportsIndexFiles extends ManifestMutant {
        public UnreportsIndexFiles() {
            super("mutant-unreports-index-files", Set.of("LTP-R028", "LTP-R029"),
                    "leaves out the index files and their sizes, saying its reader does not expose them");
        }

        @Override
        ReadManifestResult change(ReadManifestResult result) {
            ReadManifestResult dropped = new DropsIndexFiles().change(result);
            return dropped.toBuilder().addUnreported("indices.files").build();
        }
    }

    /** Answers a read of an older version with the index section of the latest one. */
    public static final class LatestIndexSectionForEveryVersion extends ManifestMutant {
        public LatestIndexSectionForEveryVersion() {
            super("mutant-latest-index-section-for-every-version", Set.of("LTP-R034"),
                    "returns the latest version's index section whichever version was asked for");
        }

        @Override
        ReadManifestResult read(ReadManifestRequest request) {
            ReadManifestResult asked = super.read(request);
            if (!request.hasVersion()) {
                return asked;
            }
            ReadManifestResult latest = super.read(request.toBuilder().clearVersion().build());
            return latest.hasIndexSection() ? asked.toBuilder().setIndexSection(latest.getIndexSection()).build() : asked;
        }
    }

    /** Never refuses: a file it cannot read comes back as an empty manifest. */
    public static final class AcceptsAnything extends ManifestMutant {
        public AcceptsAnything() {
            super("mutant-accepts-anything", Set.of("LTP-R019", "LTP-R054", "LTP-R076"),
                    "reads a manifest it cannot decode as an empty one instead of refusing it");
        }

        @Override
        ReadManifestResult read(ReadManifestRequest request) {
            try {
                return super.read(request);
            } catch (EngineRefusal refusal) {
                return ReadManifestResult.newBuilder().setManifest(Manifest.getDefaultInstance()).build();
            }
        }
    }

    // ---- plumbing ----

    /** Every DataFile of the manifest labelled with data_format.version ("2.1" as major 2, minor 1). */
    static Manifest.Builder asDataFormat(Manifest.Builder manifest) {
        String[] version = manifest.getDataFormat().getVersion().split("\\.");
        int major = Integer.parseInt(version[0]);
        int minor = version.length > 1 ? Integer.parseInt(version[1]) : 0;
        manifest.getFragmentsBuilderList().forEach(fragment -> fragment.getFilesBuilderList()
                .forEach(file -> file.setFileMajorVersion(major).setFileMinorVersion(minor)));
        return manifest;
    }

    /** The names of the latest version's indexes whose details type the kit does not know. */
    static Set<String> indexesOfUnknownType(Path root) {
        return LanceDatasetFolder.open(root).readLatest().segments().stream()
                .filter(s -> s.typeUrl().isPresent() && IndexTypes.Kind.byTypeUrl(s.typeUrl().get()).isEmpty())
                .map(IndexSegment::name).collect(Collectors.toSet());
    }

    static Set<Long> live(ManifestFile file) {
        return file.manifest().getFragmentsList().stream().map(DataFragment::getId).collect(Collectors.toCollection(TreeSet::new));
    }

    static UUID uuid(IndexMetadata entry) {
        return IndexSegment.uuidFromBytes(entry.getUuid().getUuid().toByteArray());
    }

    /** The manifest with only the legacy entries and IndexV2 entries that {@code keep} and {@code keepV2} accept. */
    static ManifestFile withIndexes(ManifestFile file, java.util.function.Predicate<IndexMetadata> keep,
            java.util.function.Predicate<IndexV2> keepV2) {
        IndexSection.Builder section = file.indexSection().orElseThrow().toBuilder();
        List<IndexMetadata> kept = section.getIndicesList().stream().filter(keep).toList();
        List<IndexV2> keptV2 = section.getIndicesV2List().stream().filter(keepV2).toList();
        section.clearIndices().addAllIndices(kept).clearIndicesV2().addAllIndicesV2(keptV2);
        return ManifestFile.of(file.manifest(), Optional.of(section.build()), Optional.empty());
    }

    /**
     * Writes {@code change(latest)} over the latest manifest, same version and file: the misstep is part of
     * the writer's own commit (a following kit commit would shift the versions that read_version and the
     * like are judged against).
     */
    static void rewriteLatest(Path root, UnaryOperator<ManifestFile> change) {
        LanceDatasetFolder folder = LanceDatasetFolder.open(root);
        ManifestFile latest = folder.readLatest();
        ManifestFile changed = change.apply(latest);
        try {
            Files.write(folder.entry(latest.version()).path(), ManifestWriter.write(
                    ManifestFile.of(changed.manifest(), changed.indexSection(), latest.transaction())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Each fragment's deletion file in {@code file}, by fragment id. */
    static Map<Long, DeletionFile> deletionFiles(ManifestFile file) {
        return file.manifest().getFragmentsList().stream().filter(DataFragment::hasDeletionFile)
                .collect(Collectors.toMap(DataFragment::getId, DataFragment::getDeletionFile));
    }

    static void move(Path from, Path to) {
        try {
            Files.move(from, to);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The reference engine's table facet, with one misstep: after an operation, before a read, or in apply. */
    abstract static class TableMutant extends ReferenceMutant {
        TableMutant(String name, Set<String> breaks, String flaw) {
            super(name, breaks, flaw);
        }

        /** What the mutant does after the reference committed {@code operation}; {@code before} is the version read. */
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
        }

        /** What the mutant does before it reads the table (describe, count). */
        void beforeRead(Path root) {
        }

        /** How the mutant hands an operation to the reference (by default: as it is). */
        ApplyTableOperationResult apply(TableLifecycle reference, ApplyTableOperationRequest request) {
            return reference.apply(request);
        }

        /** What the mutant says of the indexes, given what the reference read (by default: that). */
        DescribeIndexesResult described(Path root, DescribeIndexesResult read) {
            return read;
        }

        /**
         * What the mutant does after the reference committed a stale operation (table.retried_commits), read at
         * {@code readVersion}; {@code before} is the latest version it met (by default: as after any operation).
         */
        void afterStaleApply(Path root, TableOperation operation, long readVersion, ManifestFile before) {
            afterApply(root, operation, before);
        }

        @Override
        protected <F extends Facet> F facet(Class<F> type, F original) {
            if (type == RetriedCommits.class) {
                RetriedCommits commits = RetriedCommits.class.cast(original);
                return type.cast((RetriedCommits) request -> {
                    Path root = Path.of(request.getDatasetPath());
                    ManifestFile before = LanceDatasetFolder.open(root).readLatest();
                    ApplyTableOperationResult result = commits.applyStale(request);
                    afterStaleApply(root, request.getOperation(), request.getReadVersion(), before);
                    return result;
                });
            }
            return type == TableLifecycle.class ? type.cast(lifecycle(TableLifecycle.class.cast(original))) : original;
        }

        private TableLifecycle lifecycle(TableLifecycle tables) {
            return new TableLifecycle() {
                @Override
                public ApplyTableOperationResult apply(ApplyTableOperationRequest request) {
                    Path root = Path.of(request.getDatasetPath());
                    ManifestFile before = request.getOperation().hasCreateTable() ? null
                            : LanceDatasetFolder.open(root).readLatest();
                    ApplyTableOperationResult result = TableMutant.this.apply(tables, request);
                    if (before != null) {
                        afterApply(root, request.getOperation(), before);
                    }
                    return result;
                }

                @Override
                public DescribeIndexesResult describeIndexes(DescribeIndexesRequest request) {
                    beforeRead(Path.of(request.getDatasetPath()));
                    return described(Path.of(request.getDatasetPath()), tables.describeIndexes(request));
                }

                @Override
                public CountRowsResult countRows(CountRowsRequest request) {
                    beforeRead(Path.of(request.getDatasetPath()));
                    return tables.countRows(request);
                }
            };
        }
    }

    /** The reference engine with its manifest results changed by {@link #change}. */
    abstract static class ManifestMutant extends ReferenceMutant {
        ManifestMutant(String name, Set<String> breaks, String flaw) {
            super(name, breaks, flaw);
        }

        ReadManifestResult change(ReadManifestResult result) {
            return result;
        }

        ReadManifestResult read(ReadManifestRequest request) {
            return change(reference.readManifest(request));
        }

        @Override
        protected <F extends Facet> F facet(Class<F> type, F original) {
            return type == ManifestReading.class ? type.cast((ManifestReading) this::read) : original;
        }
    }
}
