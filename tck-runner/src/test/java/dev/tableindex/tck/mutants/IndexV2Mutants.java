package dev.tableindex.tck.mutants;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.tableindex.model.index.IndexTypes;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.proto.lance.index.VectorIndexDetails;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.lance.table.IndexV2;
import dev.tableindex.proto.lance.table.IndexV2File;
import dev.tableindex.proto.tck.TableOperation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.UnaryOperator;

/**
 * Mutants of the index metadata the reference writes for the IndexV2 design (lance-index-v2-design.md): the
 * IndexV2 entries (IndexSection field 2, decision 0001) and the segments of one index. Each is the reference's
 * commit with one thing of it written wrongly, in the writer's own version.
 */
public final class IndexV2Mutants {
    private IndexV2Mutants() {
    }

    /** Writes only the legacy index metadata: "We should start writing out both forms" is not followed. */
    public static final class WritesNoIndexV2 extends IndexV2Mutant {
        public WritesNoIndexV2() {
            super("mutant-writes-no-index-v2", Set.of("IV2-R013"), "writes the legacy index metadata only, no IndexV2",
                    section -> section.clearIndicesV2());
        }
    }

    /** Gives every IndexV2 a new id at every commit, as if the id named the version of the index. */
    public static final class NewIndexV2IdEachCommit extends IndexV2Mutant {
        public NewIndexV2IdEachCommit() {
            super("mutant-new-index-v2-id-each-commit", Set.of("IV2-R017"),
                    "gives every IndexV2 a new id in every version it writes, its configuration unchanged",
                    section -> {
                        section.getIndicesV2BuilderList().forEach(i -> i.setId(bytes(UUID.randomUUID())));
                        return section;
                    });
        }
    }

    /** Writes one IndexV2 per segment, so an index with two segments has two IndexV2 of the same name. */
    public static final class IndexV2PerSegment extends IndexV2Mutant {
        public IndexV2PerSegment() {
            super("mutant-index-v2-per-segment", Set.of("IV2-R027"),
                    "writes one IndexV2 per file, so the IndexV2 of an index with two segments share a name",
                    section -> {
                        List<IndexV2> split = new ArrayList<>();
                        for (IndexV2 index : section.getIndicesV2List()) {
                            for (IndexV2File file : index.getFilesList()) {
                                split.add(index.toBuilder().clearFiles().addFiles(file).build());
                            }
                        }
                        return section.clearIndicesV2().addAllIndicesV2(split);
                    });
        }
    }

    /** Writes IndexV2.field_ids counted from 1, not the fields' ids. */
    public static final class IndexV2FieldIdsFromOne extends IndexV2Mutant {
        public IndexV2FieldIdsFromOne() {
            super("mutant-index-v2-field-ids-from-one", Set.of("IV2-R028"),
                    "writes IndexV2.field_ids one higher than the fields' ids (counted from 1)",
                    section -> {
                        section.getIndicesV2BuilderList().forEach(i -> {
                            List<Integer> ids = i.getFieldIdsList().stream().map(id -> id + 1).toList();
                            i.clearFieldIds().addAllFieldIds(ids);
                        });
                        return section;
                    });
        }
    }

    /** Gives every IndexV2 file an id of its own, not the one its files' folder is named by. */
    public static final class IndexV2FileIdsOfTheirOwn extends IndexV2Mutant {
        public IndexV2FileIdsOfTheirOwn() {
            super("mutant-index-v2-file-ids-of-their-own", Set.of("IV2-R021", "IV2-R029"),
                    "gives each IndexV2 file a fresh id, not the uuid its files' folder _indices/<uuid>/ is named by",
                    section -> {
                        section.getIndicesV2BuilderList().forEach(i -> i.getFilesBuilderList()
                                .forEach(f -> f.setId(bytes(UUID.randomUUID()))));
                        return section;
                    });
        }
    }

    /** Records an IndexV2 file one byte larger than it is. */
    public static final class IndexV2FileSizeOffByOne extends IndexV2Mutant {
        public IndexV2FileSizeOffByOne() {
            super("mutant-index-v2-file-size-off-by-one", Set.of("IV2-R030"),
                    "records each IndexV2 file's file_size one byte larger than the file",
                    section -> {
                        section.getIndicesV2BuilderList().forEach(i -> i.getFilesBuilderList().stream()
                                .filter(f -> f.getFileSize() > 0).forEach(f -> f.setFileSize(f.getFileSize() + 1)));
                        return section;
                    });
        }
    }

    /** Writes no fragment_bitmap for an IndexV2 file: no bytes, so no bitmap. */
    public static final class IndexV2FileWithoutBitmap extends IndexV2Mutant {
        public IndexV2FileWithoutBitmap() {
            super("mutant-index-v2-file-without-bitmap", Set.of("IV2-R031"),
                    "writes IndexV2 files with empty fragment_bitmap bytes instead of a Roaring bitmap",
                    section -> {
                        section.getIndicesV2BuilderList().forEach(i -> i.getFilesBuilderList()
                                .forEach(f -> f.setFragmentBitmap(ByteString.EMPTY)));
                        return section;
                    });
        }
    }

    /** Makes every IndexV2 file claim every fragment of the table, so files of one index overlap. */
    public static final class IndexV2FilesOverlap extends TableMutants.TableMutant {
        public IndexV2FilesOverlap() {
            super("mutant-index-v2-files-overlap", Set.of("IV2-R023"),
                    "writes IndexV2 files whose bitmaps each name every fragment of the table, so they overlap");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            TableMutants.rewriteLatest(root, file -> {
                ByteString all = ByteString.copyFrom(FragmentCoverage.of(TableMutants.live(file).stream()
                        .mapToLong(Long::longValue).toArray()).encode());
                return withSection(file, section -> {
                    section.getIndicesV2BuilderList().forEach(i -> i.getFilesBuilderList()
                            .forEach(f -> f.setFragmentBitmap(all)));
                    return section;
                });
            });
        }
    }

    /** Optimizing adds a segment that covers every fragment, also those the existing segments cover. */
    public static final class OverlappingSegments extends TableMutants.TableMutant {
        public OverlappingSegments() {
            super("mutant-overlapping-segments", Set.of("IV2-R005"),
                    "gives the segment that optimizing adds a bitmap of every fragment, overlapping the index's other segments");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (!operation.hasOptimizeIndices()) {
                return;
            }
            Set<UUID> old = new java.util.HashSet<>(before.segments().stream().map(IndexSegment::uuid).toList());
            TableMutants.rewriteLatest(root, file -> {
                ByteString all = ByteString.copyFrom(FragmentCoverage.of(TableMutants.live(file).stream()
                        .mapToLong(Long::longValue).toArray()).encode());
                return withSection(file, section -> {
                    section.getIndicesBuilderList().stream()
                            .filter(e -> !old.contains(IndexSegment.uuidFromBytes(e.getUuid().getUuid().toByteArray())))
                            .forEach(e -> e.setFragmentBitmap(all));
                    return section;
                });
            });
        }
    }

    /** Optimizing re-trains a vector index with one partition more: its configuration follows the table. */
    public static final class OptimizeChangesConfiguration extends TableMutants.TableMutant {
        public OptimizeChangesConfiguration() {
            super("mutant-optimize-changes-configuration", Set.of("IV2-R020"),
                    "gives a vector index one more partition when it optimizes the indexes, in every segment");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (!operation.hasOptimizeIndices()) {
                return;
            }
            TableMutants.rewriteLatest(root, file -> withSection(file, section -> {
                for (IndexMetadata.Builder entry : section.getIndicesBuilderList()) {
                    if (entry.getIndexDetails().getTypeUrl().equals(IndexTypes.VECTOR_URL)) {
                        entry.setIndexDetails(morePartitions(entry.getIndexDetails()));
                    }
                }
                section.getIndicesV2BuilderList().stream()
                        .filter(i -> i.getIndexConfig().getTypeUrl().equals(IndexTypes.VECTOR_URL))
                        .forEach(i -> i.setIndexConfig(morePartitions(i.getIndexConfig())));
                return section;
            }));
        }

        private static Any morePartitions(Any details) {
            try {
                VectorIndexDetails vector = VectorIndexDetails.parseFrom(details.getValue());
                return Any.newBuilder().setTypeUrl(details.getTypeUrl()).setValue(vector.toBuilder()
                        .setTargetNumPartitions(vector.getTargetNumPartitions() + 1).build().toByteString()).build();
            } catch (InvalidProtocolBufferException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    // ---- plumbing ----

    static ByteString bytes(UUID uuid) {
        return ByteString.copyFrom(IndexSegment.uuidToBytes(uuid));
    }

    static ManifestFile withSection(ManifestFile file, UnaryOperator<IndexSection.Builder> change) {
        if (file.indexSection().isEmpty()) {
            return file;
        }
        return ManifestFile.of(file.manifest(), Optional.of(change.apply(file.indexSection().get().toBuilder()).build()),
                Optional.empty());
    }

    /** The reference's commit with its index section changed, in the writer's own version. */
    abstract static class IndexV2Mutant extends TableMutants.TableMutant {
        private final UnaryOperator<IndexSection.Builder> change;

        IndexV2Mutant(String name, Set<String> breaks, String flaw, UnaryOperator<IndexSection.Builder> change) {
            super(name, breaks, flaw);
            this.change = change;
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            TableMutants.rewriteLatest(root, file -> withSection(file, change));
        }
    }
}
