package dev.tableindex.model.listindex;

import dev.tableindex.model.anyelement.ElementSchema;
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

    public static long rowAddress(long fragmentId, int offset) {
        return fragmentId << 32 | (offset & 0xFFFF_FFFFL);
    }
}
