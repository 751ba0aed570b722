package dev.tableindex.tck.engine;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.listindex.IndexedTable;
import dev.tableindex.model.listindex.KeyRange;
import dev.tableindex.model.listindex.ListElementIndex;
import dev.tableindex.model.listindex.ListElementIndexDetails;
import dev.tableindex.model.listindex.ListElementQuery;
import dev.tableindex.model.listindex.TargetBTreeFiles;
import dev.tableindex.proto.tck.BuildListIndexResult;
import dev.tableindex.proto.tck.EncodedRange;
import dev.tableindex.proto.tck.IndexNotUsedReason;
import dev.tableindex.proto.tck.ListIndexSegment;
import dev.tableindex.proto.tck.NotAnyElementRefusal;
import dev.tableindex.proto.tck.PageDataRow;
import dev.tableindex.proto.tck.PageLookupRow;
import dev.tableindex.proto.tck.QueryListIndexRequest;
import dev.tableindex.proto.tck.QueryListIndexResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The list element index model to and from the protocol's messages. */
public final class ListIndexProtos {
    private ListIndexProtos() {
    }

    public static dev.tableindex.proto.lance.index.ListElementIndexDetails toProto(ListElementIndexDetails details) {
        return dev.tableindex.proto.lance.index.ListElementIndexDetails.newBuilder()
                .addAllKeyFieldIds(details.keyFieldIds()).addAllKeys(details.keys())
                .addAllKeyTypes(details.keyTypes().stream().map(KeyType::lanceName).toList())
                .setKeyEncodingValue(details.keyEncoding())
                .setTargetDetails(Any.newBuilder().setTypeUrl(details.targetDetailsTypeUrl()))
                .setTargetIndexVersion(details.targetIndexVersion()).build();
    }

    /** The details; {@code target_details} absent is an empty type URL (not a BTree's). */
    public static ListElementIndexDetails fromProto(dev.tableindex.proto.lance.index.ListElementIndexDetails details) {
        return new ListElementIndexDetails(details.getKeyFieldIdsList(), details.getKeysList(),
                details.getKeyTypesList().stream().map(KeyType::parse).toList(), details.getKeyEncodingValue(),
                details.getTargetDetails().getTypeUrl(), details.getTargetIndexVersion());
    }

    public static BuildListIndexResult toProto(ListElementIndex index) {
        return BuildListIndexResult.newBuilder().setDetails(toProto(index.details()))
                .addAllPageData(pageData(index)).addAllPageLookup(pageLookup(index)).build();
    }

    /** A segment as the kit hands it to a reader. */
    public static ListIndexSegment segment(ListElementIndex index) {
        return ListIndexSegment.newBuilder().setDetails(toProto(index.details()))
                .addAllCoveredFragments(index.coveredFragments().stream().sorted().toList()).setPageSize(index.pageSize())
                .addAllPageData(pageData(index)).addAllPageLookup(pageLookup(index)).build();
    }

    /**
     * The segments of a reader's request, each read as the standalone BTree it is: from its files when the kit
     * handed an index directory (list_element_index.read_files), else from the rows in the request. When the
     * segments' details already say that the index is not to be used, the files are not read (a reader does not
     * open an index it does not use): each segment then has its details and coverage and no rows.
     *
     * @throws dev.tableindex.model.lancefile.LanceFileFormatException when a segment's files cannot be read
     */
    public static List<ListElementIndex> segments(QueryListIndexRequest request, IndexedTable table) {
        List<ListIndexSegment> segments = request.getSegmentsList();
        List<ListElementIndexDetails> details = segments.stream().map(s -> fromProto(s.getDetails())).toList();
        boolean used = !details.isEmpty() && ListElementQuery.unusableForDetails(table, details) == null;
        List<ListElementIndex> read = new ArrayList<>();
        for (int i = 0; i < segments.size(); i++) {
            ListIndexSegment segment = segments.get(i);
            Set<Long> covered = new HashSet<>(segment.getCoveredFragmentsList());
            if (segment.getIndexDirectory().isEmpty()) {
                read.add(fromProto(segment));
            } else if (used) {
                read.add(ListElementIndex.read(details.get(i), covered, TargetBTreeFiles.read(Path.of(segment.getIndexDirectory()))));
            } else {
                read.add(ListElementIndex.of(details.get(i), covered, List.of(), ListElementIndex.DEFAULT_PAGE_SIZE));
            }
        }
        return read;
    }

    /** A segment handed to a reader as rows, read as the standalone BTree it is. */
    public static ListElementIndex fromProto(ListIndexSegment segment) {
        List<ListElementIndex.Entry> entries = new ArrayList<>();
        for (PageDataRow row : segment.getPageDataList()) {
            entries.add(new ListElementIndex.Entry(row.hasValues() ? row.getValues().toByteArray() : null, row.getRowAddress()));
        }
        return ListElementIndex.of(fromProto(segment.getDetails()), new HashSet<>(segment.getCoveredFragmentsList()), entries,
                segment.getPageSize());
    }

    private static List<PageDataRow> pageData(ListElementIndex index) {
        List<PageDataRow> rows = new ArrayList<>();
        for (ListElementIndex.Entry entry : index.pageData()) {
            PageDataRow.Builder row = PageDataRow.newBuilder().setRowAddress(entry.rowAddress());
            if (entry.values() != null) {
                row.setValues(ByteString.copyFrom(entry.values()));
            }
            rows.add(row.build());
        }
        return rows;
    }

    private static List<PageLookupRow> pageLookup(ListElementIndex index) {
        List<PageLookupRow> rows = new ArrayList<>();
        for (ListElementIndex.Page page : index.pageLookup()) {
            PageLookupRow.Builder row = PageLookupRow.newBuilder().setNullCount(page.nullCount()).setPageIdx(page.pageIdx());
            if (page.min() != null) {
                row.setMin(ByteString.copyFrom(page.min()));
            }
            if (page.max() != null) {
                row.setMax(ByteString.copyFrom(page.max()));
            }
            rows.add(row.build());
        }
        return rows;
    }

    public static QueryListIndexResult toProto(ListElementQuery.Answer answer) {
        QueryListIndexResult.Builder result = QueryListIndexResult.newBuilder()
                .setMode(answer.plan().mode().name()).setReason(answer.plan().reason())
                .setNotExact(answer.plan().notExact()).setNotReason(answer.plan().notReason())
                .setPagesRead(answer.pagesRead()).addAllRows(answer.rows())
                .setNotUsedReason(switch (answer.plan().unused()) {
                    case NONE -> IndexNotUsedReason.INDEX_NOT_USED_REASON_UNSPECIFIED;
                    case KEY_FIELD_MISSING -> IndexNotUsedReason.INDEX_NOT_USED_KEY_FIELD_MISSING;
                    case KEY_TYPE_CHANGED -> IndexNotUsedReason.INDEX_NOT_USED_KEY_TYPE_CHANGED;
                    case UNKNOWN_KEY_ENCODING -> IndexNotUsedReason.INDEX_NOT_USED_UNKNOWN_KEY_ENCODING;
                    case SEGMENTS_DISAGREE -> IndexNotUsedReason.INDEX_NOT_USED_SEGMENTS_DISAGREE;
                    case FIRST_KEY_NOT_FIXED -> IndexNotUsedReason.INDEX_NOT_USED_FIRST_KEY_NOT_FIXED;
                    case RANGE_LIMIT -> IndexNotUsedReason.INDEX_NOT_USED_RANGE_LIMIT;
                    case TARGET_NOT_BTREE -> IndexNotUsedReason.INDEX_NOT_USED_TARGET_NOT_BTREE;
                    case TARGET_VERSION_UNKNOWN -> IndexNotUsedReason.INDEX_NOT_USED_TARGET_VERSION_UNKNOWN;
                })
                .setNotRefusal(switch (answer.plan().notRefusal()) {
                    case NONE -> NotAnyElementRefusal.NOT_ANY_ELEMENT_REFUSAL_UNSPECIFIED;
                    case INDEX_NOT_USED -> NotAnyElementRefusal.NOT_ANY_ELEMENT_INDEX_NOT_USED;
                    case CONJUNCT_NOT_FROM_KEYS -> NotAnyElementRefusal.NOT_ANY_ELEMENT_CONJUNCT_NOT_FROM_KEYS;
                    case NULL_LITERAL -> NotAnyElementRefusal.NOT_ANY_ELEMENT_NULL_LITERAL;
                    case ENUMERATION_LIMIT -> NotAnyElementRefusal.NOT_ANY_ELEMENT_ENUMERATION_LIMIT;
                });
        for (KeyRange range : answer.plan().ranges()) {
            EncodedRange.Builder proto = EncodedRange.newBuilder();
            if (range.lower() != null) {
                proto.setLower(ByteString.copyFrom(range.lower()));
            }
            if (range.upper() != null) {
                proto.setUpper(ByteString.copyFrom(range.upper()));
            }
            result.addRanges(proto);
        }
        return result.build();
    }

    /** The fragments a request names, or all of the table's when it names none. */
    public static Set<Long> fragments(IndexedTable table, List<Long> requested) {
        return requested.isEmpty() ? new HashSet<>(table.fragments().stream().map(IndexedTable.Fragment::id).toList())
                : new HashSet<>(requested);
    }
}
