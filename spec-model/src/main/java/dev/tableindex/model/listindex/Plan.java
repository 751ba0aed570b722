package dev.tableindex.model.listindex;

import java.util.List;

/**
 * How a reader may answer {@code any_element} from the index ("Accelerated Queries"):
 * EXACT (the ranges' rows are the TRUE rows), SUPERSET (they hold the TRUE rows; recheck on the data)
 * or NOT_USED (evaluate on the data), with the reason; and whether NOT any_element is exact, with the
 * ranges of the tuples on which the predicate is UNKNOWN. The reasons are codes (the spec's cases) with
 * a free text for people.
 */
public record Plan(Mode mode, Unused unused, String reason, List<KeyRange> ranges, boolean notExact, NotRefusal notRefusal,
                   String notReason, List<KeyRange> unknownRanges) {

    public enum Mode { EXACT, SUPERSET, NOT_USED }

    /** Why the index is not used ("Index Details", "Accelerated Queries"); NONE when it is. */
    public enum Unused {
        NONE,
        /** A key field id is no longer a direct child of the element struct (dropped or moved). */
        KEY_FIELD_MISSING,
        /** A key field no longer has the type recorded in key_types. */
        KEY_TYPE_CHANGED,
        /** key_encoding is not one the reader knows (UNSPECIFIED included). */
        UNKNOWN_KEY_ENCODING,
        /** The index's segments disagree on key_field_ids, key_types or key_encoding (decision 0003). */
        SEGMENTS_DISAGREE,
        /** The predicate does not fix the first key with =, IN or IS NULL. */
        FIRST_KEY_NOT_FIXED,
        /** The IN list on the first key alone needs more ranges than the reader's range limit (a reader's bound). */
        RANGE_LIMIT,
        /** target_details is not a BTree's details, so the target is not read as a BTree (decision 0050). */
        TARGET_NOT_BTREE,
        /** target_index_version is not a version of the BTree the reader reads (decision 0050). */
        TARGET_VERSION_UNKNOWN
    }

    /** Why NOT any_element is not answered from the index; NONE when it is. */
    public enum NotRefusal {
        NONE,
        /** The index is not used for the call at all. */
        INDEX_NOT_USED,
        /** A conjunct is not answered from the keys, or is not UNKNOWN exactly when its key is null. */
        CONJUNCT_NOT_FROM_KEYS,
        /** A conjunct holds a NULL literal. */
        NULL_LITERAL,
        /** The reader stopped enumerating null-set combinations past its limit. */
        ENUMERATION_LIMIT
    }

    public Plan {
        ranges = List.copyOf(ranges);
        unknownRanges = List.copyOf(unknownRanges);
    }

    static Plan notUsed(Unused why, String reason) {
        return new Plan(Mode.NOT_USED, why, reason, List.of(), false, NotRefusal.INDEX_NOT_USED, reason, List.of());
    }

    /** A plan that uses the index, NOT any_element refused for {@code why}. */
    static Plan notRefused(Mode mode, String reason, List<KeyRange> ranges, NotRefusal why, String notReason) {
        return new Plan(mode, Unused.NONE, reason, ranges, false, why, notReason, List.of());
    }
}
