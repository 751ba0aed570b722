package dev.tableindex.model.listindex;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.anyelement.ElementSchema;
import dev.tableindex.model.anyelement.ListTable;
import dev.tableindex.model.anyelement.TableJson;
import dev.tableindex.model.anyelement.TableReader;
import dev.tableindex.model.key.KeyNotation;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A table with one list&lt;struct&gt; column, in fragments: the data the list element index is built
 * over and the scan answers are computed from. A row is addressed {@code fragment_id << 32 | offset};
 * deleted offsets are left out of every answer. Field ids are those of the element struct's children,
 * in schema order.
 */
public record IndexedTable(ElementSchema element, List<Integer> fieldIds, List<Fragment> fragments) {

    /** One fragment: its rows (a null row is a null list, a null element a null struct) and deleted offsets. */
    public record Fragment(long id, List<List<Object[]>> rows, Set<Integer> deleted) {
        public Fragment {
            deleted = Set.copyOf(deleted);
        }
    }

    public IndexedTable {
        fieldIds = List.copyOf(fieldIds);
        fragments = List.copyOf(fragments);
        if (fieldIds.size() != element.fields().size()) {
            throw new IllegalArgumentException(fieldIds.size() + " field ids for " + element.fields().size() + " fields");
        }
    }

    /**
     * Reads the JSON table format, extended for fragments: instead of {@code rows}, a table may give
     * {@code "fragments": [{"id": 0, "rows": [...], "deleted": [offsets]}, ...]}; element fields may
     * carry {@code "id"}. A table with {@code rows} is one fragment with id 0 and no deletions.
     */
    public static IndexedTable fromJson(String json) {
        List<Fragment> fragments = new ArrayList<>();
        TableJson.Element element = read(TableReader.of(json), new RowSink() {
            private List<List<Object[]>> rows = new ArrayList<>();

            @Override
            public void row(long fragmentId, int offset, boolean deleted, List<Object[]> list) {
                rows.add(list);
            }

            @Override
            public void fragmentEnd(long fragmentId, Set<Integer> deleted) {
                fragments.add(new Fragment(fragmentId, Collections.unmodifiableList(rows), deleted));
                rows = new ArrayList<>();
            }
        });
        return new IndexedTable(element.schema(), element.fieldIds(), fragments);
    }

    /** Where {@link #read} hands a table's rows, one at a time, fragment by fragment in the table's order. */
    public interface RowSink {
        /** The table's element, before any row. */
        default void element(TableJson.Element element) {
        }

        /** Row {@code offset} of fragment {@code fragmentId}; {@code deleted}: the fragment's deletions name it. */
        void row(long fragmentId, int offset, boolean deleted, List<Object[]> list);

        /** Fragment {@code fragmentId}'s rows are all read; {@code deleted} are its deleted offsets. */
        default void fragmentEnd(long fragmentId, Set<Integer> deleted) {
        }
    }

    /**
     * Reads a table in the JSON table format (see {@link #fromJson}), handing each row to {@code sink} as it is read
     * and holding none: the same checks and messages as {@link #fromJson}, in the same order. A table with
     * {@code rows} is fragment 0. Returns the table's element.
     */
    public static TableJson.Element read(TableReader reader, RowSink sink) {
        TableReader.Header header = reader.header();
        TableJson.Element element = TableJson.element(header);
        if (header.has("fragments") && header.has("rows")) {
            throw new ListTable.TableException("$: a table gives \"rows\" or \"fragments\", not both");
        }
        sink.element(element);
        if (!header.has("fragments")) {
            TableJson.requireRowsArray(header.rows(), "");
            reader.rows(element.schema(), (offset, list) -> sink.row(0, offset, false, list));
            sink.fragmentEnd(0, Set.of());
            return element;
        }
        if (header.fragments() != TableReader.Kind.ARRAY) {
            throw new ListTable.TableException("$.fragments: \"fragments\" must be an array");
        }
        reader.fragmentRows(element.schema(), new TableReader.FragmentRows() {
            private final Set<Long> ids = new HashSet<>();
            private long id;
            private BitSet deleted;

            @Override
            public String start(int index) {
                TableReader.FragmentHeader fragment = header.fragmentHeaders().get(index);
                String at = "$.fragments[" + index + "]";
                JsonNode idNode = fragment.id();
                // a row address holds the fragment id in 32 bits: 2^32 would be fragment 0's rows
                if (!idNode.isIntegralNumber() || idNode.bigIntegerValue().signum() < 0
                        || idNode.bigIntegerValue().bitLength() > 32) {
                    throw new ListTable.TableException(at + ".id: a fragment id must be an integer from 0 to 4294967295, not "
                            + KeyNotation.bounded(idNode.toString()));
                }
                id = idNode.asLong();
                if (!ids.add(id)) {
                    throw new ListTable.TableException(at + ".id: fragment " + id + " appears twice");
                }
                TableJson.requireRowsArray(fragment.rows(), "fragment " + id + ", ");
                // the offsets that name rows, to tell the sink as rows come; end() checks them all
                deleted = new BitSet();
                for (JsonNode offset : fragment.deleted()) {
                    if (isRowOffset(offset, fragment.rowCount())) {
                        deleted.set(offset.asInt());
                    }
                }
                return "fragment " + id + ", ";
            }

            @Override
            public void row(int index, int offset, List<Object[]> list) {
                sink.row(id, offset, deleted.get(offset), list);
            }

            @Override
            public void end(int index) {
                TableReader.FragmentHeader fragment = header.fragmentHeaders().get(index);
                String at = "$.fragments[" + index + "]";
                JsonNode deletedNode = fragment.deleted();
                if (!deletedNode.isMissingNode() && !deletedNode.isArray()) {
                    throw new ListTable.TableException(at + ".deleted: must be an array of row offsets");
                }
                Set<Integer> offsets = new HashSet<>();
                for (int d = 0; d < deletedNode.size(); d++) {
                    JsonNode offset = deletedNode.get(d);
                    if (!isRowOffset(offset, fragment.rowCount())) {
                        throw new ListTable.TableException(at + ".deleted[" + d + "]: fragment " + id + ": deleted offset "
                                + KeyNotation.bounded(offset.toString()) + " is not a row of it");
                    }
                    offsets.add(offset.asInt());
                }
                sink.fragmentEnd(id, offsets);
            }
        });
        return element;
    }

    private static boolean isRowOffset(JsonNode offset, int rows) {
        return offset.isIntegralNumber() && offset.canConvertToInt() && offset.asInt() >= 0 && offset.asInt() < rows;
    }

    public static long rowAddress(long fragmentId, int offset) {
        return fragmentId << 32 | (offset & 0xFFFF_FFFFL);
    }
}
