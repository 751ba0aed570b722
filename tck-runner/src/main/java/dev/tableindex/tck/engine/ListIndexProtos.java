package dev.tableindex.tck.engine;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.listindex.IndexedTable;
import dev.tableindex.model.listindex.KeyRange;
import dev.tableindex.model.listindex.ListElementIndex;
import dev.tableindex.model.listindex.ListElementIndexDetails;
import dev.tableindex.model.listindex.ListElementQuery;
import dev.tableindex.proto.lance.table.BTreeIndexDetails;
import dev.tableindex.proto.tck.BuildListIndexResult;
import dev.tableindex.proto.tck.EncodedRange;
import dev.tableindex.proto.tck.PageDataRow;
import dev.tableindex.proto.tck.PageLookupRow;
import dev.tableindex.proto.tck.QueryListIndexResult;
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
                .setTargetDetails(Any.newBuilder().setTypeUrl("/" + BTreeIndexDetails.getDescriptor().getFullName()))
                .setTargetIndexVersion(details.targetIndexVersion()).build();
    }

    public static ListElementIndexDetails fromProto(dev.tableindex.proto.lance.index.ListElementIndexDetails details) {
        return new ListElementIndexDetails(details.getKeyFieldIdsList(), details.getKeysList(),
                details.getKeyTypesList().stream().map(KeyType::parse).toList(), details.getKeyEncodingValue(),
                details.getTargetIndexVersion());
    }

    public static BuildListIndexResult toProto(ListElementIndex index) {
        BuildListIndexResult.Builder result = BuildListIndexResult.newBuilder().setDetails(toProto(index.details()));
        for (ListElementIndex.Entry entry : index.pageData()) {
            PageDataRow.Builder row = PageDataRow.newBuilder().setRowAddress(entry.rowAddress());
            if (entry.values() != null) {
                row.setValues(ByteString.copyFrom(entry.values()));
            }
            result.addPageData(row);
        }
        for (ListElementIndex.Page page : index.pageLookup()) {
            PageLookupRow.Builder row = PageLookupRow.newBuilder().setNullCount(page.nullCount()).setPageIdx(page.pageIdx());
            if (page.min() != null) {
                row.setMin(ByteString.copyFrom(page.min()));
            }
            if (page.max() != null) {
                row.setMax(ByteString.copyFrom(page.max()));
            }
            result.addPageLookup(row);
        }
        return result.build();
    }

    public static QueryListIndexResult toProto(ListElementQuery.Answer answer) {
        QueryListIndexResult.Builder result = QueryListIndexResult.newBuilder()
                .setMode(answer.plan().mode().name()).setReason(answer.plan().reason())
                .setNotExact(answer.plan().notExact()).setNotReason(answer.plan().notReason())
                .setPagesRead(answer.pagesRead()).addAllRows(answer.rows());
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
