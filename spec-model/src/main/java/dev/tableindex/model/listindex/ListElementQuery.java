package dev.tableindex.model.listindex;

import dev.tableindex.model.anyelement.AnyElement;
import dev.tableindex.model.anyelement.BoundPredicate;
import dev.tableindex.model.anyelement.ElementSchema;
import dev.tableindex.model.anyelement.TruthValue;
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
        return answer(table, table::visit, segments, predicate, negated, enumerationLimit);
    }

    /**
     * The call answered over the table whose element, field ids and layout {@code shape} gives and whose rows
     * {@code rows} hands over ({@link IndexedTable#withoutRows} and {@link IndexedTable#rowsOf} for a table in a file
     * that is never held): the index is searched first, then the rows are gone over once, each decided from what
     * the index found for it (rechecked on its data where the plan is a superset) or, in a fragment no segment
     * covers, from its data.
     */
    public static Answer answer(IndexedTable shape, IndexedTable.Rows rows, List<? extends ListElementSegment> segments,
                                String predicate, boolean negated, int enumerationLimit) {
        BoundPredicate bound = BoundPredicate.of(predicate, shape.element());
        if (segments.isEmpty()) {
            throw new IllegalArgumentException("an index has at least one segment");
        }
        Unusable unusable = unusableBecause(shape, segments);
        if (unusable != null) {
            return new Answer(unusable.plan(), scan(rows, bound, negated), 0);
        }
        ListElementIndexDetails details = segments.get(0).details();
        List<Integer> keyPositions = details.keyFieldIds().stream().map(shape.fieldIds()::indexOf).toList();
        Plan plan = ListElementPlanner.plan(bound.predicate(), shape.element(), keyPositions, enumerationLimit);
        boolean fromIndex = plan.mode() != Plan.Mode.NOT_USED && (!negated || plan.notExact());
        int pagesRead = 0;
        // what the index found: in every segment (a hit counts wherever it points), and per covered fragment
        Set<Long> found = new HashSet<>();
        Map<Long, Findings> covered = new HashMap<>();
        if (fromIndex) {
            for (ListElementSegment segment : segments) {
                ListElementSegment.Found hits = segment.search(plan.ranges());
                pagesRead += hits.pagesRead();
                found.addAll(hits.rows());
                Findings findings = new Findings(hits.rows(), Set.of(), Set.of());
                if (negated) {
                    ListElementSegment.Found nulls = segment.nullLists();
                    ListElementSegment.Found unknown = segment.search(plan.unknownRanges());
                    pagesRead += nulls.pagesRead() + unknown.pagesRead();
                    findings = new Findings(hits.rows(), nulls.rows(), unknown.rows());
                }
                for (long fragment : segment.coveredFragments()) {
                    covered.put(fragment, findings);
                }
            }
        }
        boolean exact = plan.mode() == Plan.Mode.EXACT;
        Set<Long> answer = new TreeSet<>();
        rows.visit((fragmentId, offset, deleted, list) -> {
            if (deleted) {
                return;
            }
            long address = IndexedTable.rowAddress(fragmentId, offset);
            Findings findings = covered.get(fragmentId);
            if (!negated && found.contains(address) && (exact || isTrue(bound, list, false))) {
                answer.add(address); // a hit, TRUE (exact) or TRUE on its data (superset), wherever it points
            } else if (findings == null) {
                if (isTrue(bound, list, negated)) { // a fragment no segment covers, or no index used: its data
                    answer.add(address);
                }
            } else if (negated && !findings.nullLists().contains(address) && !findings.unknown().contains(address)
                    && !(findings.hits().contains(address) && (exact || isTrue(bound, list, false)))) {
                // NOT over a covered fragment: TRUE unless the index found the call TRUE, a null list or a maybe-UNKNOWN
                answer.add(address);
            }
        });
        return new Answer(plan, answer, pagesRead);
    }

    /**
     * What one segment found, for the rows of the fragments it covers: its hits (the call TRUE there, or a superset
     * to recheck), and for NOT its null lists and the rows where the call may be UNKNOWN.
     */
    private record Findings(Set<Long> hits, Set<Long> nullLists, Set<Long> unknown) {
    }

    /** Why a reader must not use an index: the spec's case and a text for people. */
    public record Unusable(Plan.Unused code, String reason) {
        Plan plan() {
            return Plan.notUsed(code, reason);
        }
    }

    /** The call evaluated on the data of every fragment, deleted rows left out. */
    public static Set<Long> scan(IndexedTable table, BoundPredicate predicate, boolean negated) {
        return scan(table::visit, predicate, negated);
    }

    /** The call evaluated on the data of every row {@code rows} hands over, deleted rows left out. */
    public static Set<Long> scan(IndexedTable.Rows rows, BoundPredicate predicate, boolean negated) {
        Set<Long> answer = new TreeSet<>();
        rows.visit((fragmentId, offset, deleted, list) -> {
            if (!deleted && isTrue(predicate, list, negated)) {
                answer.add(IndexedTable.rowAddress(fragmentId, offset));
            }
        });
        return answer;
    }

    /** Whether the call (or, {@code negated}, its NOT) is TRUE on a row's list. */
    private static boolean isTrue(BoundPredicate predicate, List<Object[]> list, boolean negated) {
        TruthValue value = AnyElement.test(predicate, list);
        return (negated ? value.not() : value) == TruthValue.TRUE;
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
