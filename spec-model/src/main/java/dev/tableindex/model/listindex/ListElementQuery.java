package dev.tableindex.model.listindex;

import dev.tableindex.model.anyelement.AnyElement;
import dev.tableindex.model.anyelement.BoundPredicate;
import dev.tableindex.model.anyelement.ElementSchema;
import dev.tableindex.model.anyelement.TruthValue;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Answers {@code [NOT] any_element(list, 'predicate')} over an {@link IndexedTable} with a list
 * element index segment, as a reader following the spec would: check the index is usable (its key
 * fields resolve to fields of the current schema with the recorded types, its encoding is known),
 * answer covered fragments from the index (rechecking a superset on the data), evaluate uncovered
 * fragments on the data, and leave deleted rows out. {@link #scan} is the same call on the data
 * alone: the two must always agree.
 */
public final class ListElementQuery {
    private ListElementQuery() {
    }

    /** The answer: rows where the call (or its NOT) is TRUE, and how it was found. */
    public record Answer(Plan plan, Set<Long> rows, int pagesRead) {
    }

    public static Answer answer(IndexedTable table, ListElementIndex index, String predicate, boolean negated,
                                int enumerationLimit) {
        return answer(table, List.of(index), predicate, negated, enumerationLimit);
    }

    /**
     * The call answered by a reader that finds, in the manifest, an index recorded as {@code recorded}
     * and covering {@code covered}: when the recorded keys still resolve, the segment's content is what
     * building it over those fragments gives (renames change no data); otherwise it is not used.
     */
    public static Answer answer(IndexedTable table, ListElementIndexDetails recorded, Set<Long> covered, int pageSize,
                                String predicate, boolean negated, int enumerationLimit) {
        Unusable unusable = unusableBecause(table, recorded);
        if (unusable != null) {
            return new Answer(unusable.plan(), scan(table, BoundPredicate.of(predicate, table.element()), negated), 0);
        }
        ListElementIndex segment = ListElementIndex.build(table, recorded.keyFieldIds(), covered, pageSize).withDetails(recorded);
        return answer(table, List.of(segment), predicate, negated, enumerationLimit);
    }

    /**
     * The call answered with the segments of one index (segments cover disjoint fragments), each searched through
     * its own target ({@link ListElementSegment}).
     */
    public static Answer answer(IndexedTable table, List<? extends ListElementSegment> segments, String predicate, boolean negated,
                                int enumerationLimit) {
        BoundPredicate bound = BoundPredicate.of(predicate, table.element());
        if (segments.isEmpty()) {
            throw new IllegalArgumentException("an index has at least one segment");
        }
        Unusable unusable = unusableBecause(table, segments);
        if (unusable != null) {
            return new Answer(unusable.plan(), scan(table, bound, negated), 0);
        }
        ListElementIndexDetails details = segments.get(0).details();
        List<Integer> keyPositions = details.keyFieldIds().stream().map(table.fieldIds()::indexOf).toList();
        Plan plan = ListElementPlanner.plan(bound.predicate(), table.element(), keyPositions, enumerationLimit);
        boolean fromIndex = plan.mode() != Plan.Mode.NOT_USED && (!negated || plan.notExact());
        Set<Long> rows = new TreeSet<>();
        int pagesRead = 0;
        Set<Long> indexed = new HashSet<>();
        Map<Long, IndexedTable.Fragment> fragments = new HashMap<>();
        table.fragments().forEach(f -> fragments.put(f.id(), f));
        if (fromIndex) {
            for (ListElementSegment segment : segments) {
                ListElementSegment.Found found = segment.search(plan.ranges());
                pagesRead += found.pagesRead();
                // a hit is looked up in its fragment: no pass over every row for a selective query
                Set<Long> trueRows = plan.mode() == Plan.Mode.EXACT ? found.rows() : recheck(fragments, bound, found.rows());
                if (!negated) {
                    trueRows.stream().filter(row -> live(fragments, row)).forEach(rows::add);
                } else {
                    Set<Long> live = liveRows(table, segment.coveredFragments());
                    ListElementSegment.Found nulls = segment.nullLists();
                    ListElementSegment.Found unknown = segment.search(plan.unknownRanges());
                    pagesRead += nulls.pagesRead() + unknown.pagesRead();
                    for (long row : live) {
                        if (!trueRows.contains(row) && !nulls.rows().contains(row) && !unknown.rows().contains(row)) {
                            rows.add(row);
                        }
                    }
                }
                indexed.addAll(segment.coveredFragments());
            }
        }
        for (IndexedTable.Fragment fragment : table.fragments()) {
            if (!indexed.contains(fragment.id())) {
                rows.addAll(scanFragment(fragment, bound, negated));
            }
        }
        return new Answer(plan, rows, pagesRead);
    }

    /** Why a reader must not use an index: the spec's case and a text for people. */
    public record Unusable(Plan.Unused code, String reason) {
        Plan plan() {
            return Plan.notUsed(code, reason);
        }
    }

    /** The call evaluated on the data of every fragment, deleted rows left out. */
    public static Set<Long> scan(IndexedTable table, BoundPredicate predicate, boolean negated) {
        Set<Long> rows = new TreeSet<>();
        for (IndexedTable.Fragment fragment : table.fragments()) {
            rows.addAll(scanFragment(fragment, predicate, negated));
        }
        return rows;
    }

    private static List<Long> scanFragment(IndexedTable.Fragment fragment, BoundPredicate predicate, boolean negated) {
        List<Long> rows = new ArrayList<>();
        for (int offset = 0; offset < fragment.rows().size(); offset++) {
            if (fragment.deleted().contains(offset)) {
                continue;
            }
            TruthValue value = AnyElement.test(predicate, fragment.rows().get(offset));
            if ((negated ? value.not() : value) == TruthValue.TRUE) {
                rows.add(IndexedTable.rowAddress(fragment.id(), offset));
            }
        }
        return rows;
    }

    /** The candidates on which the call is TRUE, evaluated on their rows' data. */
    private static Set<Long> recheck(Map<Long, IndexedTable.Fragment> fragments, BoundPredicate predicate, Set<Long> candidates) {
        Set<Long> rows = new HashSet<>();
        for (long address : candidates) {
            IndexedTable.Fragment fragment = fragments.get(address >>> 32);
            int offset = (int) address;
            if (fragment != null && offset < fragment.rows().size()
                    && AnyElement.test(predicate, fragment.rows().get(offset)) == TruthValue.TRUE) {
                rows.add(address);
            }
        }
        return rows;
    }

    /** Whether the row exists and is not deleted. */
    private static boolean live(Map<Long, IndexedTable.Fragment> fragments, long address) {
        IndexedTable.Fragment fragment = fragments.get(address >>> 32);
        int offset = (int) address;
        return fragment != null && offset >= 0 && offset < fragment.rows().size() && !fragment.deleted().contains(offset);
    }

    private static Set<Long> liveRows(IndexedTable table, Set<Long> fragments) {
        Set<Long> rows = new HashSet<>();
        for (IndexedTable.Fragment fragment : table.fragments()) {
            if (fragments.contains(fragment.id())) {
                for (int offset = 0; offset < fragment.rows().size(); offset++) {
                    if (!fragment.deleted().contains(offset)) {
                        rows.add(IndexedTable.rowAddress(fragment.id(), offset));
                    }
                }
            }
        }
        return rows;
    }

    /**
     * Why a reader must not use an index of several segments, or null when it may. Every segment of
     * one index has the same key_field_ids, key_types and key_encoding ("Index Details"); segments that
     * disagree make the whole index unusable (docs/decisions/0003), and segments must cover disjoint
     * fragments.
     */
    public static Unusable unusableBecause(IndexedTable table, List<? extends ListElementSegment> segments) {
        Set<Long> covered = new HashSet<>();
        for (ListElementSegment segment : segments) {
            for (long fragment : segment.coveredFragments()) {
                if (!covered.add(fragment)) {
                    throw new IllegalArgumentException("two segments of the index cover fragment " + fragment);
                }
            }
        }
        return unusableForDetails(table, segments.stream().map(ListElementSegment::details).toList());
    }

    /**
     * Why a reader must not use an index whose segments have these details (in manifest order), or null when it
     * may: from the details alone, before any of the index's files is opened.
     */
    public static Unusable unusableForDetails(IndexedTable table, Collection<ListElementIndexDetails> segments) {
        ListElementIndexDetails first = segments.iterator().next();
        for (ListElementIndexDetails d : segments) {
            if (!d.keyFieldIds().equals(first.keyFieldIds()) || !d.keyTypes().equals(first.keyTypes())
                    || d.keyEncoding() != first.keyEncoding()) {
                return new Unusable(Plan.Unused.SEGMENTS_DISAGREE,
                        "the index's segments disagree on key_field_ids, key_types or key_encoding");
            }
        }
        return unusableBecause(table, first);
    }

    /**
     * Why a reader must not use the index ("Index Details"), or null when it may: every key field id
     * must be a field of the element struct now, with the recorded type, and the encoding known. The target is
     * read "exactly as a standalone BTree, using target_details as its details and target_index_version as its
     * version" ("Storage Layout"), so a target whose details are not a BTree's, or whose version is not the one
     * the spec describes, is not read: as a standalone index of another type or of a version the reader does not
     * know, it is not used (docs/decisions/0050).
     */
    public static Unusable unusableBecause(IndexedTable table, ListElementIndexDetails details) {
        if (details.keyEncoding() != ListElementIndexDetails.ARROW_ROW_V1) {
            return new Unusable(Plan.Unused.UNKNOWN_KEY_ENCODING, "unknown key encoding " + details.keyEncoding());
        }
        if (!details.targetIsBTree()) {
            return new Unusable(Plan.Unused.TARGET_NOT_BTREE, "target_details has the type URL \"" + details.targetDetailsTypeUrl()
                    + "\", not a BTree's details: the target is not read as a BTree");
        }
        if (details.targetIndexVersion() != ListElementIndexDetails.TARGET_INDEX_VERSION) {
            return new Unusable(Plan.Unused.TARGET_VERSION_UNKNOWN, "target_index_version is " + details.targetIndexVersion()
                    + ", a BTree version this reader does not read (it reads " + ListElementIndexDetails.TARGET_INDEX_VERSION + ")");
        }
        ElementSchema schema = table.element();
        for (int k = 0; k < details.keyFieldIds().size(); k++) {
            int position = table.fieldIds().indexOf(details.keyFieldIds().get(k));
            if (position < 0) {
                return new Unusable(Plan.Unused.KEY_FIELD_MISSING, "key field id " + details.keyFieldIds().get(k) + " ("
                        + details.keys().get(k) + ") is no longer a field of the element struct");
            }
            if (!schema.fields().get(position).type().equals(details.keyTypes().get(k))) {
                return new Unusable(Plan.Unused.KEY_TYPE_CHANGED, "key field " + schema.fields().get(position).name()
                        + " is now " + schema.fields().get(position).type() + ", the index was trained on " + details.keyTypes().get(k));
            }
        }
        return null;
    }
}
