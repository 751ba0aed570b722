package dev.tableindex.tck.mutants;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.index.IndexTypes;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.table.TableStore;
import dev.tableindex.proto.lance.index.ListElementIndexDetails;
import dev.tableindex.proto.lance.table.IndexFile;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.tck.ApplyTableOperationRequest;
import dev.tableindex.proto.tck.ApplyTableOperationResult;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.RefusalReason;
import dev.tableindex.proto.tck.TableOperation;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.TableLifecycle;
import dev.tableindex.tck.golden.KitCommits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.function.UnaryOperator;

/**
 * Mutants of the reference as a table writer that commits a list element index (capability
 * {@code table.list_element_index}, LEI11): each writes one part of the manifest entry or of the segment's folder
 * as a plausible wrong writer would ("Index Details", "Storage Layout").
 */
public final class CommittedListIndexMutants {
    private CommittedListIndexMutants() {
    }

    /** Records the target BTree's format version as the list element index's own. */
    public static final class TargetVersionAsIndexVersion extends TableMutants.TableMutant {
        public TargetVersionAsIndexVersion() {
            super("mutant-commits-target-version-as-index-version", Set.of("LEI-R026"),
                    "commits a list element index with IndexMetadata.index_version 1, the target BTree's version, not 0");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            ifListElementIndex(root, operation, entry -> entry.setIndexVersion(1));
        }
    }

    /** Records the key fields in IndexMetadata.fields instead of the list column. */
    public static final class KeyFieldsAsIndexFields extends TableMutants.TableMutant {
        public KeyFieldsAsIndexFields() {
            super("mutant-commits-key-fields-as-index-fields", Set.of("LEI-R027"),
                    "commits a list element index whose IndexMetadata.fields are its key fields, not the list column");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            ifListElementIndex(root, operation, entry -> entry.clearFields().addAllFields(details(entry).getKeyFieldIdsList()));
        }
    }

    /** Leaves target_details unset: the BTree's details are not recorded. */
    public static final class NoTargetDetails extends TableMutants.TableMutant {
        public NoTargetDetails() {
            super("mutant-commits-no-target-details", Set.of("LEI-R024"),
                    "commits a list element index whose details leave target_details unset");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            ifListElementIndex(root, operation, entry -> withDetails(entry, d -> d.clearTargetDetails()));
        }
    }

    /** Records target_index_version 0, as Lance's own BTree numbers its version (decision 0102). */
    public static final class TargetVersionZero extends TableMutants.TableMutant {
        public TargetVersionZero() {
            super("mutant-commits-target-version-0", Set.of("LEI-R025"),
                    "commits a list element index whose target_index_version is 0, a BTree version without row addresses");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            ifListElementIndex(root, operation, entry -> withDetails(entry, d -> d.setTargetIndexVersion(0)));
        }
    }

    /** Writes a file of its own beside the target BTree's, and lists it. */
    public static final class WritesAFileOfItsOwn extends TableMutants.TableMutant {
        private static final String OWN_FILE = "list_element_details.json";

        public WritesAFileOfItsOwn() {
            super("mutant-commits-a-file-of-its-own", Set.of("LEI-R040"),
                    "writes the list element index's details into a file of its own beside the target BTree's files");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            ifListElementIndex(root, operation, entry -> {
                byte[] bytes = "{\"keys\": \"as the details say\"}".getBytes(StandardCharsets.UTF_8);
                Path folder = TableStore.indexFolder(root, TableMutants.uuid(entry.build()));
                try {
                    Files.write(folder.resolve(OWN_FILE), bytes);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return entry.addFiles(IndexFile.newBuilder().setPath(OWN_FILE).setSizeBytes(bytes.length));
            });
        }
    }

    /** Keys the segment an optimize adds on the index's key fields in the order of their names, not the index's. */
    public static final class OptimizeKeysByName extends TableMutants.TableMutant {
        public OptimizeKeysByName() {
            super("mutant-optimize-keys-by-name", Set.of("LEI-R029"),
                    "keys the segment an optimize adds to a list element index on its key fields sorted by name");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (!operation.hasOptimizeIndices()) {
                return;
            }
            Set<java.util.UUID> old = before.segments().stream().map(IndexSegment::uuid).collect(Collectors.toSet());
            TableMutants.rewriteLatest(root, file -> {
                IndexSection.Builder section = file.indexSection().orElseThrow().toBuilder();
                for (IndexMetadata.Builder entry : section.getIndicesBuilderList()) {
                    if (!old.contains(TableMutants.uuid(entry.build()))
                            && entry.getIndexDetails().getTypeUrl().equals(IndexTypes.LIST_ELEMENT_URL)) {
                        withDetails(entry, CommittedListIndexMutants::keysByName);
                    }
                }
                return ManifestFile.of(file.manifest(), Optional.of(section.build()), Optional.empty());
            });
        }
    }

    /** The same key fields, ids, names and types permuted together into the order of the names. */
    private static ListElementIndexDetails.Builder keysByName(ListElementIndexDetails.Builder details) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < details.getKeysCount(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparing(details::getKeys));
        List<Integer> ids = order.stream().map(details::getKeyFieldIds).toList();
        List<String> keys = order.stream().map(details::getKeys).toList();
        List<String> types = order.stream().map(details::getKeyTypes).toList();
        return details.clearKeyFieldIds().addAllKeyFieldIds(ids).clearKeys().addAllKeys(keys).clearKeyTypes()
                .addAllKeyTypes(types);
    }

    /** Refuses a list element index on a LargeList column. */
    public static final class RefusesLargeLists extends TableMutants.TableMutant {
        public RefusesLargeLists() {
            super("mutant-refuses-large-list-index", Set.of("LEI-R028"),
                    "refuses a list element index on a LargeList of a Struct, as if only a List could hold one");
        }

        @Override
        ApplyTableOperationResult apply(TableLifecycle reference, ApplyTableOperationRequest request) {
            TableOperation operation = request.getOperation();
            if (isListElementIndex(operation)) {
                String column = operation.getCreateIndex().getColumns(0);
                boolean large = LanceDatasetFolder.open(Path.of(request.getDatasetPath())).readLatest().manifest()
                        .getFieldsList().stream().anyMatch(f -> f.getParentId() == -1 && f.getName().equals(column)
                                && f.getLogicalType().startsWith("large_list"));
                if (large) {
                    throw new EngineRefusal(EngineError.newBuilder().setKind("INVALID_OPERATION").setOffset(-1)
                            .setMessage("a list element index is built on a list<struct> column, not " + column)
                            .setRefusalReason(RefusalReason.REFUSED_INVALID_OPERATION).build());
                }
            }
            return super.apply(reference, request);
        }
    }

    private static boolean isListElementIndex(TableOperation operation) {
        return operation.hasCreateIndex() && operation.getCreateIndex().getIndexType().equals("list_element");
    }

    /** After a create_index of a list element index, rewrites its entries in the version just committed. */
    private static void ifListElementIndex(Path root, TableOperation operation, UnaryOperator<IndexMetadata.Builder> change) {
        if (isListElementIndex(operation)) {
            TableMutants.rewriteLatest(root, KitCommits.legacyEntries(operation.getCreateIndex().getName(), change));
        }
    }

    private static ListElementIndexDetails details(IndexMetadata.Builder entry) {
        try {
            return ListElementIndexDetails.parseFrom(entry.getIndexDetails().getValue());
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    private static IndexMetadata.Builder withDetails(IndexMetadata.Builder entry,
                                                     UnaryOperator<ListElementIndexDetails.Builder> change) {
        Any packed = entry.getIndexDetails();
        return entry.setIndexDetails(packed.toBuilder().setValue(change.apply(details(entry).toBuilder()).build().toByteString()));
    }
}
