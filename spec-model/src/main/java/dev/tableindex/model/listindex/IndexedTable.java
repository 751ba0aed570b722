package dev.tableindex.model.listindex;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.anyelement.ElementSchema;
import dev.tableindex.model.anyelement.ListTable;
import dev.tableindex.model.anyelement.TableJson;
import java.util.ArrayList;
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
        JsonNode root = TableJson.parse(json);
        TableJson.Element element = TableJson.element(root);
        List<Fragment> fragments = new ArrayList<>();
        if (root.has("fragments")) {
            JsonNode list = root.path("fragments");
            if (!list.isArray()) {
                throw new ListTable.TableException("table: \"fragments\" must be an array");
            }
            Set<Long> ids = new HashSet<>();
            for (JsonNode fragment : list) {
                if (!fragment.path("id").canConvertToLong() || fragment.path("id").asLong() < 0) {
                    throw new ListTable.TableException("fragment: \"id\" must be a non-negative integer, not " + fragment.path("id"));
                }
                long id = fragment.path("id").asLong();
                if (!ids.add(id)) {
                    throw new ListTable.TableException("fragment " + id + " appears twice");
                }
                List<List<Object[]>> rows = TableJson.rows(fragment.path("rows"), element.schema(), "fragment " + id + ", ");
                Set<Integer> deleted = new HashSet<>();
                for (JsonNode offset : fragment.path("deleted")) {
                    if (!offset.canConvertToInt() || offset.asInt() < 0 || offset.asInt() >= rows.size()) {
                        throw new ListTable.TableException("fragment " + id + ": deleted offset " + offset + " is not a row of it");
                    }
                    deleted.add(offset.asInt());
                }
                fragments.add(new Fragment(id, rows, deleted));
            }
        } else {
            fragments.add(new Fragment(0, TableJson.rows(root.path("rows"), element.schema(), ""), Set.of()));
        }
        return new IndexedTable(element.schema(), element.fieldIds(), fragments);
    }

    public static long rowAddress(long fragmentId, int offset) {
        return fragmentId << 32 | (offset & 0xFFFF_FFFFL);
    }
}
