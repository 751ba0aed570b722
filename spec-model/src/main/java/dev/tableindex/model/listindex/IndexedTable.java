package dev.tableindex.model.listindex;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.anyelement.ElementSchema;
import dev.tableindex.model.anyelement.ListTable;
import dev.tableindex.model.anyelement.TableJson;
import dev.tableindex.model.anyelement.TableReader;
import dev.tableindex.model.json.KitJson;
import java.nio.file.Path;
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
public record IndexedTable(ElementSchema element, List<Integer> fieldIds, List<Fragment> fragments, Layout layout) {

    /** One fragment: its rows (a null row is a null list, a null element a null struct) and deleted offsets. */
    public record Fragment(long id, List<List<Object[]>> rows, Set<Integer> deleted) {
        public Fragment {
            deleted = Set.copyOf(deleted);
        }
    }

    /**
     * How the column is laid out in Arrow where that changes no key and no answer: the list type ("may be a List or
     * a LargeList of a Struct"), the element fields held as Utf8View or BinaryView ("a type and its large or view
     * variant give the same bytes"), and the element's other direct children, of types no key may have (decimal,
     * struct, list...), which hold no values here. Writers and readers are judged alike on every layout.
     */
    public record Layout(boolean largeList, Set<Integer> viewFieldIds, List<OtherField> otherFields) {
        public static final Layout PLAIN = new Layout(false, Set.of(), List.of());

        public Layout {
            viewFieldIds = Set.copyOf(viewFieldIds);
            otherFields = List.copyOf(otherFields);
        }

        /** The direct child of the element struct with this name whose type no key may have, if there is one. */
        public java.util.Optional<OtherField> otherField(String name) {
            return otherFields.stream().filter(f -> f.name().equals(name)).findFirst();
        }
    }

    /** A direct child of the element struct whose Arrow type is none of the key types (e.g. {@code Decimal128(10, 2)}). */
    public record OtherField(String name, String arrowType, int id) {
    }

    public IndexedTable {
        fieldIds = List.copyOf(fieldIds);
        fragments = List.copyOf(fragments);
        if (fieldIds.size() != element.fields().size()) {
            throw new IllegalArgumentException(fieldIds.size() + " field ids for " + element.fields().size() + " fields");
        }
    }

    /** A table laid out plainly: a List column, no view fields, no other fields. */
    public IndexedTable(ElementSchema element, List<Integer> fieldIds, List<Fragment> fragments) {
        this(element, fieldIds, fragments, Layout.PLAIN);
    }

    /**
     * Reads the JSON table format, extended for fragments: instead of {@code rows}, a table may give
     * {@code "fragments": [{"id": 0, "rows": [...], "deleted": [offsets]}, ...]}; element fields may
     * carry {@code "id"}. A table with {@code rows} is one fragment with id 0 and no deletions.
     */
    public static IndexedTable fromJson(String json) {
        return fromJson(TableReader.of(json));
    }

    /** As {@link #fromJson(String)}, the text read by {@code reader} (a file is read row by row, never held as text). */
    public static IndexedTable fromJson(TableReader reader) {
        List<Fragment> fragments = new ArrayList<>();
        Read read = read(reader, new RowSink() {
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
        return new IndexedTable(read.element().schema(), read.element().fieldIds(), fragments, read.layout());
    }

    /**
     * A table's rows, handed to a sink fragment by fragment in the table's order, as often as asked: rows held
     * ({@link #visit}) or read again from a file each time ({@link #rowsOf}), so an answer can go over a table of any
     * size without holding it.
     */
    @FunctionalInterface
    public interface Rows {
        void visit(RowSink sink);
    }

    /** Hands every row of every fragment to {@code sink}, then the fragment's end (the element is the table's own). */
    public void visit(RowSink sink) {
        for (Fragment fragment : fragments) {
            for (int offset = 0; offset < fragment.rows().size(); offset++) {
                sink.row(fragment.id(), offset, fragment.deleted().contains(offset), fragment.rows().get(offset));
            }
            sink.fragmentEnd(fragment.id(), fragment.deleted());
        }
    }

    /** The rows of the table in {@code file}, read again on every visit and never held (see {@link #read}). */
    public static Rows rowsOf(Path file) {
        return sink -> read(TableReader.of(file), sink);
    }

    /**
     * The table as {@link #read} found it, without its rows: its element, field ids and layout, what an index's
     * usability and a query's plan are decided on.
     */
    public static IndexedTable withoutRows(Read read) {
        return new IndexedTable(read.element().schema(), read.element().fieldIds(), List.of(), read.layout());
    }

    /** What {@link #read} returns besides the rows it hands over: the table's element and its Arrow layout. */
    public record Read(TableJson.Element element, Layout layout) {
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
     * {@code rows} is fragment 0. Returns the table's element and layout (checked after the rows, as {@link #fromJson}
     * checks it).
     */
    public static Read read(TableReader reader, RowSink sink) {
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
            return new Read(element, layout(header, element));
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
                            + KitJson.bounded(idNode.toString()));
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
                                + KitJson.bounded(offset.toString()) + " is not a row of it");
                    }
                    offsets.add(offset.asInt());
                }
                sink.fragmentEnd(id, offsets);
            }
        });
        return new Read(element, layout(header, element));
    }

    private static boolean isRowOffset(JsonNode offset, int rows) {
        return offset.isIntegralNumber() && offset.canConvertToInt() && offset.asInt() >= 0 && offset.asInt() < rows;
    }

    /**
     * The table's Arrow layout: {@code "list_type": "List"} (the default) or {@code "LargeList"}; an element field's
     * {@code "arrow": "Utf8View"} (a string field) or {@code "BinaryView"} (a binary field); {@code "other_fields":
     * [{"name", "arrow", "id"}]}, direct children of the element struct of an Arrow type no key may have.
     */
    private static Layout layout(TableReader.Header root, TableJson.Element element) {
        JsonNode listType = root.listType();
        if (!listType.isMissingNode() && !listType.asText().equals("List") && !listType.asText().equals("LargeList")) {
            throw new ListTable.TableException("$.list_type: \"List\" or \"LargeList\", not "
                    + KitJson.bounded(listType.toString()));
        }
        Set<Integer> views = new HashSet<>();
        JsonNode fields = root.element();
        for (int i = 0; i < fields.size(); i++) {
            JsonNode arrow = fields.get(i).path("arrow");
            if (arrow.isMissingNode()) {
                continue;
            }
            String type = element.schema().fields().get(i).type().lanceName();
            boolean view = arrow.asText().equals("Utf8View") && type.equals("string")
                    || arrow.asText().equals("BinaryView") && type.equals("binary");
            if (!view) {
                throw new ListTable.TableException("$.element[" + i + "].arrow: \"Utf8View\" for a string field or \"BinaryView\""
                        + " for a binary field, not " + KitJson.bounded(arrow.toString()) + " for " + type);
            }
            views.add(element.fieldIds().get(i));
        }
        List<OtherField> others = new ArrayList<>();
        JsonNode otherNodes = root.otherFields();
        if (!otherNodes.isMissingNode() && !otherNodes.isArray()) {
            throw new ListTable.TableException("$.other_fields: an array of {\"name\", \"arrow\", \"id\"}");
        }
        for (int i = 0; i < otherNodes.size(); i++) {
            JsonNode other = otherNodes.get(i);
            String at = "$.other_fields[" + i + "]";
            if (!other.path("name").isTextual() || !other.path("arrow").isTextual() || !other.path("id").canConvertToInt()) {
                throw new ListTable.TableException(at + ": {\"name\": string, \"arrow\": string, \"id\": integer}");
            }
            String name = other.path("name").asText();
            int id = other.path("id").asInt();
            if (element.schema().indexOf(name).isPresent() || element.fieldIds().contains(id)
                    || others.stream().anyMatch(o -> o.name().equals(name) || o.id() == id)) {
                throw new ListTable.TableException(at + ": the name '" + name + "' or the id " + id + " is another field's");
            }
            others.add(new OtherField(name, other.path("arrow").asText(), id));
        }
        return new Layout(listType.asText("List").equals("LargeList"), views, others);
    }

    public static long rowAddress(long fragmentId, int offset) {
        return fragmentId << 32 | (offset & 0xFFFF_FFFFL);
    }
}
