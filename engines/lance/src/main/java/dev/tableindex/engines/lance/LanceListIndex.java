package dev.tableindex.engines.lance;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.tableindex.model.anyelement.PredicateException;
import dev.tableindex.model.listindex.IndexedTable;
import dev.tableindex.model.listindex.KeyRange;
import dev.tableindex.model.listindex.ListElementIndex;
import dev.tableindex.model.listindex.ListElementIndexDetails;
import dev.tableindex.model.listindex.ListElementIndexMetadata;
import dev.tableindex.model.listindex.ListElementQuery;
import dev.tableindex.model.listindex.ListElementSegment;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.UUID;
import dev.tableindex.proto.tck.BuildListIndexRequest;
import dev.tableindex.proto.tck.BuildListIndexResult;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.ListIndexSegment;
import dev.tableindex.proto.tck.PageDataRow;
import dev.tableindex.proto.tck.PageLookupRow;
import dev.tableindex.proto.tck.QueryListIndexRequest;
import dev.tableindex.proto.tck.QueryListIndexResult;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.EngineUnsupported;
import dev.tableindex.tck.api.ListElementIndexer;
import dev.tableindex.tck.api.ListIndexFileWriting;
import dev.tableindex.tck.engine.ListIndexProtos;
import dev.tableindex.tck.run.FileTrees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Capabilities {@code list_element_index} and {@code list_element_index.files} on real Lance, built the way the
 * spec describes the index: "a wrapper, like the JSON index", whose target, "an ordinary BTree over a Binary column,
 * ... does all of the storage and searching". Lance has no list element index, so the wrapper is the kit's model
 * (key encoding, planning, the superset recheck, NOT any_element, the reader's checks on the details: package
 * {@code model.listindex}); the target is Lance's own BTree ({@link LanceTargetBTree}): Lance orders the entries
 * ({@link LanceKeyOrder}), writes {@code page_data.lance} and {@code page_lookup.lance}, and answers every range
 * and null search. decision 0100 (docs/decisions/0100-list-element-index-on-real-lance.md).
 *
 * <p>A build encodes the entries with the model, has Lance order them and train its BTree on them, and replies with
 * Lance's files as Lance's own file reader reads them (written into {@code index_directory} when the kit gives
 * one); the details record the target as Lance wrote it (its BTreeIndexDetails and its {@code index_version}). A
 * query trains Lance's BTree on each segment's page_data rows as the kit wrote them, in their stored order, and
 * answers through it. Each request works in its own scratch folder, deleted when it is answered.
 */
final class LanceListIndex implements ListElementIndexer, ListIndexFileWriting {
    /** The name the segment's IndexMetadata carries (not judged). */
    static final String INDEX_NAME = "list_element_idx";

    @Override
    public BuildListIndexResult buildListIndex(BuildListIndexRequest request) {
        if (request.getExistingSegmentsCount() > 0) {
            throw new EngineUnsupported("engine lance builds a new index; it does not add segments (list_element_index.segments)");
        }
        IndexedTable table = table(request.getTableJson());
        Set<Long> fragments = ListIndexProtos.fragments(table, request.getFragmentsList());
        int pageSize = pageSize(request.getPageSize());
        ListElementIndex written;
        try {
            // the kit's writer checks the keys and names the key fields and types; its own order is not used
            written = ListElementIndex.buildOnNames(table, request.getKeysList(), fragments, pageSize);
        } catch (IllegalArgumentException e) {
            throw refusal("BAD_KEYS", e.getMessage());
        }
        List<ListElementIndex.Entry> entries = ListElementIndex.entries(table, written.details().keyFieldIds(), fragments);
        return inScratch("build_list_index", scratch -> {
            LanceTargetBTree target = LanceTargetBTree.train(scratch.resolve("target"), table, fragments,
                    LanceKeyOrder.sorted(scratch.resolve("keys"), entries), pageSize);
            if (!request.getIndexDirectory().isEmpty()) {
                target.copyFilesTo(Path.of(request.getIndexDirectory()));
            }
            ListElementIndexDetails model = written.details();
            dev.tableindex.proto.lance.index.ListElementIndexDetails details = ListIndexProtos.toProto(
                    new ListElementIndexDetails(model.keyFieldIds(), model.keys(), model.keyTypes(), model.keyEncoding(),
                            target.index().indexVersion())).toBuilder().setTargetDetails(targetDetails(target)).build();
            BuildListIndexResult.Builder result = BuildListIndexResult.newBuilder().setDetails(details)
                    .setMetadata(metadata(target, details, fragments, request.getColumnFieldId()));
            target.pageData().forEach(entry -> result.addPageData(pageDataRow(entry)));
            target.pageLookup().forEach(page -> result.addPageLookup(pageLookupRow(page)));
            return result.build();
        });
    }

    @Override
    public QueryListIndexResult queryListIndex(QueryListIndexRequest request) {
        IndexedTable table = table(request.getTableJson());
        return inScratch("query_list_index", scratch -> {
            try {
                List<LanceSegment> segments = new ArrayList<>();
                if (request.getSegmentsCount() == 0) {
                    // no segment given: the reader builds one over the covered fragments, as a writer would
                    ListElementIndexDetails details = ListIndexProtos.fromProto(request.getDetails());
                    if (ListElementQuery.unusableBecause(table, details) != null) {
                        return ListIndexProtos.toProto(ListElementQuery.answer(table, details,
                                ListIndexProtos.fragments(table, request.getCoveredFragmentsList()), pageSize(request.getPageSize()),
                                request.getPredicate(), request.getNegated(), request.getEnumerationLimit()));
                    }
                    Set<Long> covered = ListIndexProtos.fragments(table, request.getCoveredFragmentsList());
                    List<ListElementIndex.Entry> sorted = LanceKeyOrder.sorted(scratch.resolve("keys"),
                            ListElementIndex.entries(table, details.keyFieldIds(), covered));
                    segments.add(new LanceSegment(ListElementIndex.of(details, covered, sorted, pageSize(request.getPageSize())),
                            table, scratch.resolve("segment-0")));
                }
                for (ListIndexSegment segment : request.getSegmentsList()) {
                    segments.add(new LanceSegment(ListIndexProtos.fromProto(segment), table,
                            scratch.resolve("segment-" + segments.size())));
                }
                ListElementQuery.Answer answer = ListElementQuery.answer(table, segments, request.getPredicate(),
                        request.getNegated(), request.getEnumerationLimit());
                QueryListIndexResult result = ListIndexProtos.toProto(answer);
                List<String> served = segments.stream().flatMap(s -> s.servedBy().stream()).toList();
                return served.isEmpty() ? result : result.toBuilder().setReason(result.getReason()
                        + " [real Lance: " + served.size() + " search(es), each served by " + served.get(0) + ", no refine filter]").build();
            } catch (PredicateException e) {
                throw new EngineRefusal(EngineError.newBuilder().setKind(e.kind().name()).setMessage(e.getMessage())
                        .setOffset(e.column()).build());
            } catch (IllegalArgumentException e) {
                throw refusal("BAD_DETAILS", e.getMessage());
            }
        });
    }

    /**
     * A segment the kit wrote (its details, coverage and page_data rows, in stored order), whose target is Lance's
     * BTree trained on those rows, in pages of the segment's page size, over the table's current rows of the
     * fragments it covers. Trained when first searched: a reader that must not use the index never opens it.
     */
    static final class LanceSegment implements ListElementSegment {
        private final ListElementIndex written;
        private final IndexedTable table;
        private final Path folder;
        private LanceTargetBTree target;

        LanceSegment(ListElementIndex written, IndexedTable table, Path folder) {
            this.written = written;
            this.table = table;
            this.folder = folder;
        }

        @Override
        public ListElementIndexDetails details() {
            return written.details();
        }

        @Override
        public Set<Long> coveredFragments() {
            return written.coveredFragments();
        }

        @Override
        public Found search(List<KeyRange> ranges) {
            return ranges.isEmpty() ? new Found(Set.of(), 0) : target().search(ranges);
        }

        @Override
        public Found nullLists() {
            return target().nullLists();
        }

        List<String> servedBy() {
            return target == null ? List.of() : target.servedBy();
        }

        private LanceTargetBTree target() {
            if (target == null) {
                target = LanceTargetBTree.train(folder, table, written.coveredFragments(), written.pageData(), written.pageSize());
            }
            return target;
        }
    }

    // ---------------------------------------------------------------- helpers

    /** The target's details as Lance recorded them (a google.protobuf.Any: its BTreeIndexDetails). */
    private static Any targetDetails(LanceTargetBTree target) {
        byte[] details = target.index().indexDetails()
                .orElseThrow(() -> new IllegalStateException("Lance recorded no details for its BTree"));
        try {
            return Any.parseFrom(details);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("Lance's BTree details are not a google.protobuf.Any: " + e.getMessage(), e);
        }
    }

    /**
     * The segment's entry as a manifest would record it: the list column, the list element index's own version and
     * its details; the uuid is the target's (the two share one index directory), the coverage the fragments built.
     */
    private static IndexMetadata metadata(LanceTargetBTree target, dev.tableindex.proto.lance.index.ListElementIndexDetails details,
            Set<Long> fragments, int columnFieldId) {
        IndexMetadata.Builder metadata = IndexMetadata.newBuilder()
                .setUuid(UUID.newBuilder().setUuid(ByteString.copyFrom(IndexSegment.uuidToBytes(target.index().uuid()))))
                .addFields(columnFieldId).setName(INDEX_NAME).setDatasetVersion(target.index().datasetVersion())
                .setFragmentBitmap(ByteString.copyFrom(FragmentCoverage.of(fragments.stream().mapToLong(Long::longValue).toArray()).encode()))
                .setIndexDetails(Any.newBuilder().setTypeUrl(ListElementIndexMetadata.TYPE_URL).setValue(details.toByteString()))
                .setIndexVersion(ListElementIndexMetadata.INDEX_VERSION);
        target.index().createdAt().ifPresent(at -> metadata.setCreatedAt(at.toEpochMilli()));
        return metadata.build();
    }

    private static PageDataRow pageDataRow(ListElementIndex.Entry entry) {
        PageDataRow.Builder row = PageDataRow.newBuilder().setRowAddress(entry.rowAddress());
        if (entry.values() != null) {
            row.setValues(ByteString.copyFrom(entry.values()));
        }
        return row.build();
    }

    private static PageLookupRow pageLookupRow(ListElementIndex.Page page) {
        PageLookupRow.Builder row = PageLookupRow.newBuilder().setNullCount(page.nullCount()).setPageIdx(page.pageIdx());
        if (page.min() != null) {
            row.setMin(ByteString.copyFrom(page.min()));
        }
        if (page.max() != null) {
            row.setMax(ByteString.copyFrom(page.max()));
        }
        return row.build();
    }

    private interface InScratch<T> {
        T run(Path scratch) throws Exception;
    }

    /** Runs one request in a fresh scratch folder (under the engine's temporary folder), deleted afterwards. */
    private static <T> T inScratch(String what, InScratch<T> work) {
        Path scratch;
        try {
            scratch = Files.createTempDirectory("tck-lance-lei-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            return LanceCalls.call(what, () -> {
                try {
                    return work.run(scratch);
                } catch (LanceTargetBTree.TargetNotUsed e) {
                    throw LanceCalls.refusal("TARGET_NOT_USED", what + ": " + e.getMessage());
                }
            });
        } finally {
            FileTrees.delete(scratch);
        }
    }

    private static IndexedTable table(String json) {
        try {
            return IndexedTable.fromJson(json);
        } catch (IllegalArgumentException e) {
            throw refusal("BAD_TABLE", e.getMessage());
        }
    }

    private static int pageSize(int requested) {
        return requested == 0 ? ListElementIndex.DEFAULT_PAGE_SIZE : requested;
    }

    private static EngineRefusal refusal(String kind, String message) {
        return new EngineRefusal(EngineError.newBuilder().setKind(kind).setMessage(message).setOffset(-1).build());
    }
}
