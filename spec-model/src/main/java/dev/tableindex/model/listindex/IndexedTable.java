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
        if (root.has("fragments") && root.has("rows")) {
            throw new ListTable.TableException("$: a table gives \"rows\" or \"fragments\", not both");
        }
        if (root.has("fragments")) {
            JsonNode list = root.path("fragments");
            if (!list.isArray()) {
                throw new ListTable.TableException("$.fragments: \"fragments\" must be an array");
            }
            Set<Long> ids = new HashSet<>();
            for (int f = 0; f < list.size(); f++) {
                JsonNode fragment = list.get(f);
                String at = "$.fragments[" + f + "]";
                JsonNode idNode = fragment.path("id");
                // a row address holds the fragment id in 32 bits: 2^32 would be fragment 0's rows
                if (!idNode.isIntegralNumber() || idNode.bigIntegerValue().signum() < 0
                        || idNode.bigIntegerValue().bitLength() > 32) {
                    throw new ListTable.TableException(at + ".id: a fragment id must be an integer from 0 to 4294967295, not "
                            + dev.tableindex.model.key.KeyNotation.bounded(idNode.toString()));
                }
                long id = idNode.asLong();
                if (!ids.add(id)) {
                    throw new ListTable.TableException(at + ".id: fragment " + id + " appears twice");
                }
                List<List<Object[]>> rows = TableJson.rows(fragment.path("rows"), element.schema(), "fragment " + id + ", ");
                Set<Integer> deleted = new HashSet<>();
                JsonNode deletedNode = fragment.path("deleted");
                if (!deletedNode.isMissingNode() && !deletedNode.isArray()) {
                    throw new ListTable.TableException(at + ".deleted: must be an array of row offsets");
                }
                for (int d = 0; d < deletedNode.size(); d++) {
                    JsonNode offset = deletedNode.get(d);
                    if (!offset.isIntegralNumber() || !offset.canConvertToInt() || offset.asInt() < 0 || offset.asInt() >= rows.size()) {
                        throw new ListTable.TableException(at + ".deleted[" + d + "]: fragment " + id + ": deleted offset "
                                + dev.tableindex.model.key.KeyNotation.bounded(offset.toString()) + " is not a row of it");
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
