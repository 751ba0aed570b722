package dev.tableindex.tck.mutants;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.index.FeatureFlags;
import dev.tableindex.model.index.IndexTypes;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.table.TableStore;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.tck.ApplyTableOperationRequest;
import dev.tableindex.proto.tck.ApplyTableOperationResult;
import dev.tableindex.proto.tck.DescribeIndexesResult;
import dev.tableindex.proto.tck.IndexView;
import dev.tableindex.proto.tck.ReadManifestResult;
import dev.tableindex.proto.tck.TableOperation;
import dev.tableindex.tck.api.TableLifecycle;
import dev.tableindex.tck.golden.KitCommits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Mutants of what the reference engine records of its index segments and how it reads them (lance-table.proto,
 * IndexMetadata: uuid, fields, fragment_bitmap, index_details, index_version, created_at, files, covering_fields;
 * the writer feature flags): each records or reads one thing wrongly.
 */
public final class IndexRecordMutants {
    private IndexRecordMutants() {
    }

    // ---- writers ----

    /** Records every index file one byte larger than it is. */
    public static final class IndexFileSizeOffByOne extends NewSegmentMutant {
        public IndexFileSizeOffByOne() {
            super("mutant-index-file-size-off-by-one", Set.of("LTP-R029", "LTP-R092"),
                    "records each index file's size_bytes one byte larger than the file it wrote",
                    segment -> segment.getFilesBuilderList().forEach(f -> f.setSizeBytes(f.getSizeBytes() + 1)));
        }
    }

    /** Records an index file's path relative to _indices/, not to the segment's own folder. */
    public static final class IndexFilePathFromIndicesFolder extends NewSegmentMutant {
        public IndexFilePathFromIndicesFolder() {
            super("mutant-index-file-path-from-indices-folder", Set.of("LTP-R028", "LTP-R092"),
                    "records an index file's path relative to _indices/ (<uuid>/index.idx), not to the segment's folder",
                    segment -> {
                        String uuid = IndexSegment.uuidFromBytes(segment.getUuid().getUuid().toByteArray()).toString();
                        segment.getFilesBuilderList().forEach(f -> f.setPath(uuid + "/" + f.getPath()));
                    });
        }
    }

    /** Lists the column an index is keyed on in covering_fields as well, as if the index carried it. */
    public static final class KeyedColumnAsCovering extends NewSegmentMutant {
        public KeyedColumnAsCovering() {
            super("mutant-keyed-column-as-covering", Set.of("LTP-R093"),
                    "writes an index that carries no column with covering_fields = fields, its key column listed as carried",
                    segment -> segment.clearCoveringFields().addAllCoveringFields(segment.getFieldsList()));
        }
    }

    /** Writes created_at in seconds since the epoch, not milliseconds. */
    public static final class CreatedAtInSeconds extends NewSegmentMutant {
        public CreatedAtInSeconds() {
            super("mutant-created-at-in-seconds", Set.of("LTP-R096"),
                    "writes an index's created_at in seconds since the epoch instead of milliseconds",
                    segment -> {
                        if (segment.hasCreatedAt()) {
                            segment.setCreatedAt(segment.getCreatedAt() / 1000);
                        }
                    });
        }
    }

    /** Puts the index's entries into its details, where every manifest carries them. */
    public static final class DetailsCarryTheEntries extends NewSegmentMutant {
        public DetailsCarryTheEntries() {
            super("mutant-details-carry-the-entries", Set.of("LTP-R020"),
                    "writes the index's entries (its file's bytes) into index_details, so the manifest grows with the table",
                    null);
        }

        @Override
        void change(Path root, IndexMetadata.Builder segment) {
            String url = segment.getIndexDetails().getTypeUrl();
            if (!url.equals(IndexTypes.BTREE_URL) && !url.equals(IndexTypes.BITMAP_URL)) {
                return;
            }
            UUID uuid = IndexSegment.uuidFromBytes(segment.getUuid().getUuid().toByteArray());
            try {
                byte[] entries = Files.readAllBytes(TableStore.indexFilePath(root, uuid));
                segment.setIndexDetails(Any.newBuilder().setTypeUrl(url).setValue(ByteString.copyFrom(entries)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Names the details type as protobuf's Any.pack does, with the type.googleapis.com prefix. */
    public static final class GoogleapisTypeUrls extends NewSegmentMutant {
        public GoogleapisTypeUrls() {
            super("mutant-googleapis-type-urls", Set.of("LTP-R022"),
                    "writes index_details with protobuf's default type URL prefix, type.googleapis.com/lance.table.BTreeIndexDetails",
                    segment -> segment.setIndexDetails(segment.getIndexDetails().toBuilder()
                            .setTypeUrl("type.googleapis.com" + segment.getIndexDetails().getTypeUrl())));
        }
    }

    /** Lists no files for the segments it writes: their sizes are unknown to every reader. */
    public static final class RecordsNoIndexFiles extends NewSegmentMutant {
        public RecordsNoIndexFiles() {
            super("mutant-records-no-index-files", Set.of("LTP-R026"),
                    "writes index segments without their files and sizes", IndexMetadata.Builder::clearFiles);
        }
    }

    /** Writes to a table whose writer flags it does not know, as if they were not set. */
    public static final class WritesDespiteUnknownWriterFlags extends TableMutants.TableMutant {
        public WritesDespiteUnknownWriterFlags() {
            super("mutant-writes-despite-unknown-writer-flags", Set.of("LTP-R008"),
                    "writes to a table whose writer feature flags it does not recognize");
        }

        @Override
        ApplyTableOperationResult apply(TableLifecycle reference, ApplyTableOperationRequest request) {
            Path root = Path.of(request.getDatasetPath());
            if (!request.getOperation().hasCreateTable()) {
                long flags = LanceDatasetFolder.open(root).readLatest().manifest().getWriterFeatureFlags();
                long unknown = FeatureFlags.unknown(flags, FeatureFlags.KNOWN);
                if (unknown != 0) {
                    TableMutants.rewriteLatest(root, KitCommits.manifest(m -> m.setWriterFeatureFlags(flags & ~unknown)));
                }
            }
            return reference.apply(request);
        }
    }

    /**
     * After a type change, keeps the index that was on the column and points it at the column's new field id:
     * it follows the column by its name, and still holds the values before the cast.
     */
    public static final class IndexFollowsNameThroughCast extends TableMutants.TableMutant {
        public IndexFollowsNameThroughCast() {
            super("mutant-index-follows-name-through-cast", Set.of("LTP-R013", "IV2-R024"),
                    "keeps an index through a type change of its column, moved to the column's new field id, with the old values");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (!operation.hasAlterColumnType()) {
                return;
            }
            String column = operation.getAlterColumnType().getColumn();
            int oldId = fieldId(before, column);
            TableMutants.rewriteLatest(root, file -> {
                int newId = fieldId(file, column);
                IndexSection.Builder section = file.indexSection().orElse(IndexSection.getDefaultInstance()).toBuilder();
                before.segments().stream().filter(s -> s.fields().equals(List.of(oldId)))
                        .forEach(s -> section.addIndices(s.proto().toBuilder().clearFields().addFields(newId)));
                return ManifestFile.of(file.manifest(), Optional.of(section.build()), Optional.empty());
            });
        }

        private static int fieldId(ManifestFile file, String column) {
            return file.manifest().getFieldsList().stream().filter(f -> f.getParentId() == -1 && f.getName().equals(column))
                    .findFirst().orElseThrow().getId();
        }
    }

    // ---- readers ----

    /** Uses a segment whose index_version is newer than it knows, as if it knew it. */
    public static final class UsesNewerIndexVersions extends TableMutants.TableMutant {
        public UsesNewerIndexVersions() {
            super("mutant-uses-newer-index-versions", Set.of("LTP-R024"),
                    "uses an index segment whose index_version is newer than the reader knows");
        }

        @Override
        void beforeRead(Path root) {
            ManifestFile latest = LanceDatasetFolder.open(root).readLatest();
            for (IndexSegment segment : latest.segments()) {
                var kind = segment.typeUrl().flatMap(IndexTypes.Kind::byTypeUrl);
                if (kind.isPresent() && segment.indexVersion().orElse(0) > kind.get().indexVersion()) {
                    KitCommits.commit(root, KitCommits.legacyEntries(segment.name(),
                            e -> e.setIndexVersion(kind.get().indexVersion())));
                    return;
                }
            }
        }
    }

    /**
     * Uses an index whose details type it does not know as a BTree, and takes what it covers from the row
     * addresses its files hold (Lance's recovery of a missing bitmap), not from the manifest's bitmap.
     */
    public static final class UsesUnknownTypeByItsFiles extends TableMutants.TableMutant {
        public UsesUnknownTypeByItsFiles() {
            super("mutant-uses-unknown-type-by-its-files", Set.of("IV2-R018", "LTP-R021", "LTP-R090"),
                    "uses an index whose details type it does not know as a BTree, covering the fragments its files hold");
        }

        @Override
        void beforeRead(Path root) {
            for (String name : TableMutants.indexesOfUnknownType(root)) {
                KitCommits.commit(root, KitCommits.legacyEntries(name, e -> e.setFragmentBitmap(ByteString.EMPTY)
                        .setIndexDetails(Any.newBuilder().setTypeUrl(IndexTypes.BTREE_URL))));
            }
        }
    }

    /** Reports the fragments an index's bitmaps name as covered, also those the table no longer has. */
    public static final class CoverageOfGoneFragments extends TableMutants.TableMutant {
        public CoverageOfGoneFragments() {
            super("mutant-coverage-of-gone-fragments", Set.of("LTP-R017"),
                    "takes an index's coverage from its bitmaps alone, fragments the table no longer has included");
        }

        @Override
        DescribeIndexesResult described(Path root, DescribeIndexesResult read) {
            ManifestFile latest = LanceDatasetFolder.open(root).readLatest();
            DescribeIndexesResult.Builder out = read.toBuilder().clearIndexes();
            for (IndexView view : read.getIndexesList()) {
                Set<Long> covered = new TreeSet<>(view.getCoveredFragmentsList());
                latest.segments().stream().filter(s -> s.name().equals(view.getName()))
                        .forEach(s -> covered.addAll(s.coverage().fragmentIds().orElse(List.of())));
                out.addIndexes(view.toBuilder().clearCoveredFragments().addAllCoveredFragments(covered));
            }
            return out.build();
        }
    }

    /** Reads a segment whose fragment_bitmap has no bytes as the empty bitmap: covering nothing, not unknown. */
    public static final class NoBitmapBytesAsNoFragment extends TableMutants.ManifestMutant {
        public NoBitmapBytesAsNoFragment() {
            super("mutant-no-bitmap-bytes-as-no-fragment", Set.of("LTP-R017"),
                    "returns an index entry whose fragment_bitmap has no bytes with the empty Roaring bitmap (covers nothing)");
        }

        @Override
        ReadManifestResult change(ReadManifestResult result) {
            if (!result.hasIndexSection()) {
                return result;
            }
            ByteString empty = ByteString.copyFrom(FragmentCoverage.of().encode());
            IndexSection.Builder section = result.getIndexSection().toBuilder();
            section.getIndicesBuilderList().stream().filter(e -> e.getFragmentBitmap().isEmpty())
                    .forEach(e -> e.setFragmentBitmap(empty));
            return result.toBuilder().setIndexSection(section).build();
        }
    }

    /** Returns each index uuid as the bytes of its canonical text (36 characters), not its 16 bytes. */
    public static final class UuidAsText extends TableMutants.ManifestMutant {
        public UuidAsText() {
            super("mutant-uuid-as-text", Set.of("LTP-R056"),
                    "returns each index uuid as the 36 bytes of its text form instead of its 16 bytes");
        }

        @Override
        ReadManifestResult change(ReadManifestResult result) {
            if (!result.hasIndexSection()) {
                return result;
            }
            IndexSection.Builder section = result.getIndexSection().toBuilder();
            section.getIndicesBuilderList().forEach(e -> {
                String text = IndexSegment.uuidFromBytes(e.getUuid().getUuid().toByteArray()).toString();
                e.getUuidBuilder().setUuid(ByteString.copyFrom(text, StandardCharsets.US_ASCII));
            });
            return result.toBuilder().setIndexSection(section).build();
        }
    }

    // ---- plumbing ----

    /** A writer whose segments, those its operation added, are recorded with one thing changed. */
    abstract static class NewSegmentMutant extends TableMutants.TableMutant {
        private final Consumer<IndexMetadata.Builder> change;

        NewSegmentMutant(String name, Set<String> breaks, String flaw, Consumer<IndexMetadata.Builder> change) {
            super(name, breaks, flaw);
            this.change = change;
        }

        void change(Path root, IndexMetadata.Builder segment) {
            change.accept(segment);
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            Set<UUID> old = before.segments().stream().map(IndexSegment::uuid).collect(Collectors.toSet());
            TableMutants.rewriteLatest(root, file -> {
                if (file.indexSection().isEmpty()) {
                    return file;
                }
                IndexSection.Builder section = file.indexSection().get().toBuilder();
                List<IndexMetadata.Builder> added = new ArrayList<>();
                section.getIndicesBuilderList().stream()
                        .filter(e -> !old.contains(IndexSegment.uuidFromBytes(e.getUuid().getUuid().toByteArray())))
                        .forEach(added::add);
                added.forEach(e -> change(root, e));
                return ManifestFile.of(file.manifest(), Optional.of(section.build()), Optional.empty());
            });
        }
    }
}
