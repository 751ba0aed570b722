package dev.tableindex.tck.mutants;

import com.google.protobuf.ByteString;
import dev.tableindex.model.index.IndexCatalog;
import dev.tableindex.model.index.IndexTypes;
import dev.tableindex.model.index.IndexOpener;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.table.Filter;
import dev.tableindex.model.table.Fragment;
import dev.tableindex.model.table.IndexFileContent;
import dev.tableindex.model.table.RowAddress;
import dev.tableindex.model.table.RowCounter;
import dev.tableindex.model.table.TableException;
import dev.tableindex.model.table.TableStore;
import dev.tableindex.model.table.TableVersion;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.tck.CountRowsRequest;
import dev.tableindex.proto.tck.CountRowsResult;
import dev.tableindex.proto.tck.DescribeIndexesRequest;
import dev.tableindex.proto.tck.DescribeIndexesResult;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.OpenIndexRequest;
import dev.tableindex.proto.tck.OpenIndexResult;
import dev.tableindex.proto.tck.RefusalReason;
import dev.tableindex.proto.tck.TableOperation;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.IndexOpening;
import dev.tableindex.tck.api.TableLifecycle;
import dev.tableindex.tck.engine.ReferenceTables;
import dev.tableindex.tck.golden.KitCommits;
import dev.tableindex.tck.store.RemoteDataset;
import dev.tableindex.tck.store.S3HttpReader;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Mutants of the reference engine's reading of index metadata (lance-table.proto's covering fields and flag
 * 128, LTP-R…; the IndexV2 design's reader preference, IV2-R…): each is the reference reader, redone on the
 * model ({@link TableStore}, {@link IndexCatalog}, {@link RowCounter}), with one step changed. The bugs the
 * spec warns against are in how a reader picks the index that answers a comparison, so these mutants change
 * the reader, not the manifest on disk. One writer mutant keeps carried columns out of fields.
 */
public final class IndexMetadataMutants {
    private IndexMetadataMutants() {
    }

    // ---- readers of covering declarations ----

    /**
     * A reader that does not understand flag 128 (covering_fields is an unknown field to it) reads the dataset
     * anyway and picks an index by membership of fields: the very bug the flag's comment names.
     */
    public static final class SelectsByFieldMembership extends ReaderMutant {
        public SelectsByFieldMembership() {
            super("mutant-selects-by-field-membership", Set.of("LTP-R005"),
                    "reads a dataset with flag 128 without understanding covering_fields, and answers a comparison"
                            + " from any index whose fields contain the column");
        }

        @Override
        ManifestFile misread(ManifestFile file) {
            return withoutCoveringFields(file);
        }

        @Override
        Optional<RowCounter.Choice> choose(Filter filter, List<Integer> ids, IndexCatalog catalog) {
            for (int i = 0; i < ids.size(); i++) {
                for (IndexCatalog.Index index : catalog.indexes()) {
                    if (index.kind().answersComparisons() && index.fieldIds().contains(ids.get(i))) {
                        return Optional.of(new RowCounter.Choice(index, i));
                    }
                }
            }
            return Optional.empty();
        }
    }

    /** Takes the last entry of fields for the column an index is keyed on, instead of fields[0]. */
    public static final class LastFieldIsKey extends ReaderMutant {
        public LastFieldIsKey() {
            super("mutant-last-field-is-key", Set.of("LTP-R014"),
                    "takes the last entry of an index's fields as the column it is keyed on");
        }

        @Override
        Optional<RowCounter.Choice> choose(Filter filter, List<Integer> ids, IndexCatalog catalog) {
            for (int i = 0; i < ids.size(); i++) {
                for (IndexCatalog.Index index : catalog.indexes()) {
                    List<Integer> fields = index.fieldIds();
                    if (index.kind().answersComparisons() && fields.get(fields.size() - 1).equals(ids.get(i))) {
                        return Optional.of(new RowCounter.Choice(index, i));
                    }
                }
            }
            return Optional.empty();
        }
    }

    /**
     * Never checks that covering_fields is a suffix of fields leaving a keyed column: it trusts "fields[0] is
     * always a column the index is keyed on" and uses the index keyed on fields[0] whatever the declaration.
     */
    public static final class UncheckedCoveringDeclaration extends ReaderMutant {
        public UncheckedCoveringDeclaration() {
            super("mutant-unchecked-covering-declaration", Set.of("LTP-R030"),
                    "uses an index whose covering_fields is not a suffix of fields leaving a keyed column, keyed on"
                            + " fields[0]");
        }

        @Override
        ManifestFile misread(ManifestFile file) {
            return withCovering(file, entry -> {
                List<Integer> fields = entry.getFieldsList();
                List<Integer> covering = entry.getCoveringFieldsList();
                int keyed = fields.size() - covering.size();
                boolean valid = keyed >= 1 && fields.subList(keyed, fields.size()).equals(covering);
                return valid || fields.isEmpty() ? covering : fields.subList(1, fields.size());
            });
        }
    }

    /**
     * Takes a declaration naming a column the index's storage does not hold for corruption and refuses the
     * dataset, where the spec calls it a legal state.
     */
    public static final class CoveringNotHeldIsCorrupt extends ReaderMutant {
        public CoveringNotHeldIsCorrupt() {
            super("mutant-covering-not-held-is-corrupt", Set.of("LTP-R033"),
                    "refuses a dataset as corrupt when an index declares covering fields its storage does not hold");
        }

        @Override
        void check(IndexCatalog catalog) {
            for (IndexCatalog.Index index : catalog.indexes()) {
                // the reference's storage holds the keyed column only: every declared carried column is missing
                if (!index.fieldIds().equals(index.keyedFieldIds())) {
                    throw new TableException(TableException.Kind.INVALID_OPERATION, "index '" + index.name() + "' is corrupt: covering_fields names "
                            + index.fieldIds().subList(index.keyedFieldIds().size(), index.fieldIds().size())
                            + ", which its storage does not hold");
                }
            }
        }
    }

    /**
     * Answers a filter whose columns an index declares (keyed or carried) from the index's storage alone,
     * without confirming the storage holds the carried columns: they read as nulls.
     */
    public static final class CarriedColumnFromIndex extends ReaderMutant {
        public CarriedColumnFromIndex() {
            super("mutant-carried-column-from-index", Set.of("LTP-R032"),
                    "answers a query on a declared carried column from the index without confirming its storage holds"
                            + " the column, instead of taking it from the base table");
        }

        @Override
        long count(TableVersion table, Filter filter, IndexCatalog catalog) {
            List<Integer> ids = filter.bind(table.schema());
            for (IndexCatalog.Index index : catalog.indexes()) {
                boolean carriesAColumn = ids.stream().anyMatch(id -> !index.keyedFieldIds().contains(id));
                if (index.kind().answersComparisons() && carriesAColumn && index.fieldIds().containsAll(ids)) {
                    return fromIndexAlone(table, filter, ids, index);
                }
            }
            return super.count(table, filter, catalog);
        }

        /** Covered fragments from the index entries (keyed value; carried columns as the storage has them: absent). */
        private static long fromIndexAlone(TableVersion table, Filter filter, List<Integer> ids, IndexCatalog.Index index) {
            int key = index.keyedFieldIds().get(0);
            long count = 0;
            for (Fragment fragment : table.fragments()) {
                Optional<IndexFileContent> content = index.segmentFor(fragment.id())
                        .map(s -> table.indexFiles().get(s.uuid()));
                if (content.isEmpty()) {
                    count += fragment.liveOffsets().stream()
                            .filter(o -> Boolean.TRUE.equals(filter.evaluate(fragment.rows().get(o), ids))).count();
                    continue;
                }
                for (IndexFileContent.Entry entry : content.get().entries()) {
                    int offset = RowAddress.offset(entry.rowAddress());
                    if (RowAddress.fragmentId(entry.rowAddress()) != fragment.id() || fragment.isDeleted(offset)) {
                        continue;
                    }
                    Map<Integer, Object> row = new HashMap<>();
                    row.put(key, entry.value());
                    if (Boolean.TRUE.equals(filter.evaluate(row, ids))) {
                        count++;
                    }
                }
            }
            return count;
        }
    }

    // ---- readers of index types ----

    /** Compares details type URLs case-sensitively: a known type written in another case is an unknown type. */
    public static final class CaseSensitiveTypeUrls extends ReaderMutant {
        public CaseSensitiveTypeUrls() {
            super("mutant-case-sensitive-type-urls", Set.of("LTP-R023"),
                    "compares index_details type URLs case-sensitively, so a known type in another case is unknown");
        }

        @Override
        ManifestFile misread(ManifestFile file) {
            if (file.indexSection().isEmpty()) {
                return file;
            }
            Set<String> exact = java.util.Arrays.stream(IndexTypes.Kind.values()).map(IndexTypes.Kind::typeUrl)
                    .collect(java.util.stream.Collectors.toSet());
            IndexSection.Builder section = file.indexSection().get().toBuilder();
            for (IndexMetadata.Builder entry : section.getIndicesBuilderList()) {
                if (entry.hasIndexDetails() && !exact.contains(entry.getIndexDetails().getTypeUrl())) {
                    entry.clearIndexDetails(); // what this reader makes of it: a type it does not know
                }
            }
            return ManifestFile.of(file.manifest(), Optional.of(section.build()), Optional.empty());
        }
    }

    // ---- readers of coverage ----

    /** Reads an empty Roaring bitmap (a bitmap listing no fragment) as "no restriction": every live fragment. */
    public static final class EmptyRoaringCoversAll extends ReaderMutant {
        public EmptyRoaringCoversAll() {
            super("mutant-empty-roaring-covers-all", Set.of("LTP-R017"),
                    "reads an index whose fragment_bitmap lists no fragment as covering every fragment of the table");
        }

        @Override
        ManifestFile misread(ManifestFile file) {
            if (file.indexSection().isEmpty()) {
                return file;
            }
            long[] live = file.manifest().getFragmentsList().stream().mapToLong(f -> f.getId()).toArray();
            ByteString all = ByteString.copyFrom(FragmentCoverage.of(live).encode());
            IndexSection.Builder section = file.indexSection().get().toBuilder();
            for (IndexMetadata.Builder entry : section.getIndicesBuilderList()) {
                FragmentCoverage coverage = FragmentCoverage.fromBytes(entry.getFragmentBitmap().toByteArray());
                if (coverage.isKnown() && coverage.fragmentIds().orElseThrow().isEmpty()) {
                    entry.setFragmentBitmap(all);
                }
            }
            return ManifestFile.of(file.manifest(), Optional.of(section.build()), Optional.empty());
        }
    }

    // ---- readers of IndexV2 ----

    /** Reads only the legacy index metadata, never IndexV2, even where IndexV2 records what the legacy form does not. */
    public static final class ReadsLegacyOnly extends ReaderMutant {
        public ReadsLegacyOnly() {
            super("mutant-reads-legacy-only", Set.of("IV2-R014"),
                    "reads the legacy index metadata only and ignores IndexV2");
        }

        @Override
        ManifestFile misread(ManifestFile file) {
            return file.indexSection().map(section -> ManifestFile.of(file.manifest(),
                    Optional.of(section.toBuilder().clearIndicesV2().build()), Optional.empty())).orElse(file);
        }
    }

    // ---- writers ----

    /**
     * Writes covering indexes as the "independent covering fields" variant does: fields lists the keyed columns
     * only, covering_fields the carried ones.
     */
    public static final class CarriedOutsideFields extends TableMutants.TableMutant {
        public CarriedOutsideFields() {
            super("mutant-carried-outside-fields", Set.of("LTP-R031"),
                    "writes an index's carried columns in covering_fields only, leaving them out of fields");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (before.segments().stream().noneMatch(s -> !s.coveringFields().isEmpty())) {
                return;
            }
            KitCommits.commit(root, file -> {
                IndexSection.Builder section = file.indexSection().orElseThrow().toBuilder();
                for (IndexMetadata.Builder entry : section.getIndicesBuilderList()) {
                    List<Integer> keyed = entry.getFieldsList().stream()
                            .filter(f -> !entry.getCoveringFieldsList().contains(f)).toList();
                    entry.clearFields().addAllFields(keyed);
                }
                return ManifestFile.of(file.manifest(), Optional.of(section.build()), Optional.empty());
            });
        }
    }

    // ---- plumbing ----

    /** The manifest with covering_fields dropped from every legacy entry. */
    static ManifestFile withoutCoveringFields(ManifestFile file) {
        return withCovering(file, entry -> List.of());
    }

    /** The manifest with each legacy entry's covering_fields replaced by {@code covering(entry)}. */
    static ManifestFile withCovering(ManifestFile file, java.util.function.Function<IndexMetadata, List<Integer>> covering) {
        if (file.indexSection().isEmpty()) {
            return file;
        }
        IndexSection.Builder section = file.indexSection().get().toBuilder();
        for (IndexMetadata.Builder entry : section.getIndicesBuilderList()) {
            List<Integer> replaced = List.copyOf(covering.apply(entry.build()));
            entry.clearCoveringFields().addAllCoveringFields(replaced);
        }
        return ManifestFile.of(file.manifest(), Optional.of(section.build()), Optional.empty());
    }

    /**
     * The reference's table reader (describe, count, open over S3), redone on the model so that one step can
     * change: how it takes the manifest ({@link #misread}), what it checks of the indexes ({@link #check}),
     * which index answers ({@link #choose}) and how it counts with indexes ({@link #count}). Writes are the
     * reference's.
     */
    abstract static class ReaderMutant extends ReferenceMutant {
        ReaderMutant(String name, Set<String> breaks, String flaw) {
            super(name, breaks, flaw);
        }

        /** The manifest as this reader takes it (after the reference's reader-flag check). */
        ManifestFile misread(ManifestFile file) {
            return file;
        }

        /** What this reader refuses of the indexes it would use. */
        void check(IndexCatalog catalog) {
        }

        Optional<RowCounter.Choice> choose(Filter filter, List<Integer> ids, IndexCatalog catalog) {
            return RowCounter.choose(filter, ids, catalog);
        }

        long count(TableVersion table, Filter filter, IndexCatalog catalog) {
            return RowCounter.withChoice(table, filter, choose(filter, filter.bind(table.schema()), catalog));
        }

        private IndexCatalog catalog(Path root, ManifestFile file) {
            IndexCatalog catalog = TableStore.catalog(root, file);
            check(catalog);
            return catalog;
        }

        @Override
        protected <F extends Facet> F facet(Class<F> type, F original) {
            if (type == TableLifecycle.class) {
                return type.cast(lifecycle(TableLifecycle.class.cast(original)));
            }
            if (type == IndexOpening.class) {
                return type.cast((IndexOpening) this::openIndex);
            }
            return original;
        }

        private TableLifecycle lifecycle(TableLifecycle tables) {
            return new TableLifecycle() {
                @Override
                public dev.tableindex.proto.tck.ApplyTableOperationResult apply(
                        dev.tableindex.proto.tck.ApplyTableOperationRequest request) {
                    return tables.apply(request);
                }

                @Override
                public DescribeIndexesResult describeIndexes(DescribeIndexesRequest request) {
                    if (request.hasLocation()) {
                        return tables.describeIndexes(request);
                    }
                    return refusing(() -> {
                        Path root = Path.of(request.getDatasetPath());
                        return ReferenceTables.describe(catalog(root, misread(TableStore.readLatest(root))));
                    });
                }

                @Override
                public CountRowsResult countRows(CountRowsRequest request) {
                    return refusing(() -> {
                        Path root = Path.of(request.getDatasetPath());
                        ManifestFile file = misread(TableStore.readLatest(root));
                        TableVersion table = TableStore.toTable(root, file);
                        Filter filter = Filter.parse(request.getFilter().isBlank() ? "true" : request.getFilter());
                        long count = request.getUseIndex() ? count(table, filter, catalog(root, file))
                                : RowCounter.scan(table, filter);
                        return CountRowsResult.newBuilder().setCount(count).build();
                    });
                }
            };
        }

        /** Over the kit's store, as the reference opens an index (size recorded, else HEAD; one range read). */
        private OpenIndexResult openIndex(OpenIndexRequest request) {
            if (!request.hasLocation()) {
                return reference.facet(IndexOpening.class).openIndex(request);
            }
            return refusing(() -> {
                var location = request.getLocation();
                S3HttpReader reader = new S3HttpReader(location.getEndpoint(), location.getBucket(), location.getPrefix(),
                location.getAccessKeyId(), location.getSecretAccessKey());
                ManifestFile file = misread(TableStore.checkReadable(RemoteDataset.readLatest(reader)));
                IndexCatalog catalog = IndexCatalog.of(file,
                        uuid -> RemoteDataset.readIndexFile(reader, uuid).map(IndexFileContent::fragments));
                check(catalog);
                IndexCatalog.Index index = catalog.byName(request.getIndexName())
                        .orElseThrow(() -> new TableException(TableException.Kind.INVALID_OPERATION, "no usable index named '" + request.getIndexName() + "'"));
                IndexOpener.Opened opened = IndexOpener.open(reader, index);
                return OpenIndexResult.newBuilder().setHeadRequests(opened.headRequests())
                        .setReadRequests(opened.readRequests()).setFilesOpened(opened.filesOpened()).build();
            });
        }

        /** A model refusal as the reference engine sends it. */
        private static <T> T refusing(Supplier<T> work) {
            try {
                return work.get();
            } catch (TableException e) {
                RefusalReason reason = switch (e.kind()) {
                    case READER_FEATURE_UNSUPPORTED -> RefusalReason.REFUSED_READER_FEATURE_UNSUPPORTED;
                    case WRITER_FEATURE_UNSUPPORTED -> RefusalReason.REFUSED_WRITER_FEATURE_UNSUPPORTED;
                    case INDEX_NAME_EXISTS -> RefusalReason.REFUSED_INDEX_NAME_EXISTS;
                    case INVALID_OPERATION -> RefusalReason.REFUSED_INVALID_OPERATION;
                };
                throw new EngineRefusal(EngineError.newBuilder().setKind(e.kind().name()).setMessage(e.getMessage())
                        .setOffset(-1).setRefusalReason(reason).build());
            }
        }
    }
}
