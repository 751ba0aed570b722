package dev.tableindex.model.table;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.tableindex.model.anyelement.ElementSchema;
import dev.tableindex.model.index.IndexTypes;
import dev.tableindex.model.listindex.IndexedTable;
import dev.tableindex.model.listindex.ListElementIndex;
import dev.tableindex.model.listindex.ListElementIndexDetails;
import dev.tableindex.model.listindex.ListElementIndexMetadata;
import dev.tableindex.proto.lance.file.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A list-of-structs column of a table as a list element index sees it ("Index Details"): the column, the element
 * struct's fields (its direct children) with their field ids in schema order, and whether the list is a LargeList.
 * It gives a new index its details and builds a segment's page_data with the list index model.
 */
record ListElementColumn(Field column, ElementSchema schema, List<Integer> fieldIds, boolean largeList) {

    /** The element of {@code column}, or INVALID_OPERATION when the column is not a list of structs. */
    static ListElementColumn of(TableSchema table, Field column) {
        ColumnType type = table.typeOf(column);
        if (type.base() != ColumnType.Base.LIST_STRUCT) {
            throw TableException.invalid("column '" + column.getName() + "' is " + type.notation() + ", not a list of structs");
        }
        Field item = table.fields().stream().filter(f -> f.getParentId() == column.getId()).findFirst().orElseThrow();
        List<Integer> ids = table.fields().stream().filter(f -> f.getParentId() == item.getId()).map(Field::getId).toList();
        return new ListElementColumn(column, type.element(), ids, type.largeList());
    }

    /** The column with this field id, or INVALID_OPERATION. */
    static ListElementColumn of(TableSchema table, int columnId) {
        return of(table, table.columnById(columnId).orElseThrow(() -> TableException.invalid("no column with field id "
                + columnId)));
    }

    /**
     * The details of a new index keyed on {@code params.keys} (the key fields' names in key order, separated by
     * commas): key_field_ids their ids, direct children of the element struct (no ID twice); keys their names now;
     * key_types their logical types; key_encoding ARROW_ROW_V1; the target a BTree ({@code BTreeIndexDetails}) of
     * format version {@value ListElementIndexDetails#TARGET_INDEX_VERSION}.
     */
    dev.tableindex.proto.lance.index.ListElementIndexDetails details(Map<String, String> params) {
        Set<String> unknown = new LinkedHashSet<>(params.keySet());
        unknown.remove("keys");
        if (!unknown.isEmpty() || !params.containsKey("keys")) {
            throw TableException.invalid("a list_element index takes one parameter, keys (the key fields' names in key"
                    + " order, separated by commas), got " + params.keySet());
        }
        List<String> names = Arrays.stream(params.get("keys").split(",", -1)).map(String::trim).toList();
        List<Integer> ids = new ArrayList<>();
        for (String name : names) {
            int id = fieldId(name);
            if (ids.contains(id)) {
                throw TableException.invalid("key field '" + name + "' is named twice: no ID appears twice");
            }
            ids.add(id);
        }
        ListElementIndexDetails model = new ListElementIndexDetails(ids, names,
                names.stream().map(n -> schema.fields().get(schema.indexOf(n).orElseThrow()).type()).toList(),
                ListElementIndexDetails.ARROW_ROW_V1, ListElementIndexDetails.TARGET_INDEX_VERSION);
        return ListElementIndexMetadata.proto(model);
    }

    /**
     * A segment's page_data over the live rows of {@code covered}, keyed as {@code details} say ("Storage Layout"),
     * as the list index model builds it; INVALID_OPERATION when the key fields are no longer the element's.
     */
    IndexFileContent content(Any details, List<Fragment> covered) {
        List<Integer> keyFieldIds;
        try {
            keyFieldIds = dev.tableindex.proto.lance.index.ListElementIndexDetails.parseFrom(details.getValue())
                    .getKeyFieldIdsList();
        } catch (InvalidProtocolBufferException e) {
            throw TableException.invalid("the list element index's details do not decode: " + e.getMessage());
        }
        List<IndexedTable.Fragment> fragments = new ArrayList<>();
        for (Fragment fragment : covered) {
            List<List<Object[]>> rows = new ArrayList<>();
            for (Map<Integer, Object> row : fragment.rows()) {
                rows.add(elements((List<?>) row.get(column.getId())));
            }
            Set<Integer> deleted = new HashSet<>();
            fragment.deleted().forEach((org.roaringbitmap.IntConsumer) deleted::add);
            fragments.add(new IndexedTable.Fragment(fragment.id(), rows, deleted));
        }
        IndexedTable table = new IndexedTable(schema, fieldIds, fragments,
                new IndexedTable.Layout(largeList, Set.of(), List.of()));
        ListElementIndex index;
        try {
            index = ListElementIndex.build(table, keyFieldIds, covered.stream().map(Fragment::id).collect(Collectors.toSet()),
                    ListElementIndex.DEFAULT_PAGE_SIZE);
        } catch (IllegalArgumentException e) {
            throw TableException.invalid("cannot build the list element index on column '" + column.getName() + "': "
                    + e.getMessage());
        }
        return new IndexFileContent(IndexTypes.Kind.LIST_ELEMENT, index.pageData().stream()
                .map(e -> new IndexFileContent.Entry(e.values(), e.rowAddress())).toList());
    }

    /** The field id of the element's direct child with this name, or INVALID_OPERATION naming the fields. */
    int fieldId(String name) {
        return schema.indexOf(name).map(fieldIds::get).orElseThrow(() -> TableException.invalid("no element field '"
                + name + "' (fields: " + schema.names() + ")"));
    }

    /** A cell's value as the list index model reads a row: null for a null list, each element null or its values. */
    private static List<Object[]> elements(List<?> list) {
        if (list == null) {
            return null;
        }
        List<Object[]> elements = new ArrayList<>();
        for (Object element : list) {
            elements.add(element == null ? null : ((List<?>) element).toArray());
        }
        return Collections.unmodifiableList(elements);
    }
}
