package dev.tableindex.model.listindex;

import java.util.List;

/**
 * How a reader may answer {@code any_element} from the index ("Accelerated Queries"):
 * EXACT (the ranges' rows are the TRUE rows), SUPERSET (they hold the TRUE rows; recheck on the data)
 * or NOT_USED (evaluate on the data), with the reason; and whether NOT any_element is exact, with the
 * ranges of the tuples on which the predicate is UNKNOWN.
 */
public record Plan(Mode mode, String reason, List<KeyRange> ranges, boolean notExact, String notReason,
                   List<KeyRange> unknownRanges) {

    public enum Mode { EXACT, SUPERSET, NOT_USED }

    public Plan {
        ranges = List.copyOf(ranges);
        unknownRanges = List.copyOf(unknownRanges);
    }

    static Plan notUsed(String reason) {
        return new Plan(Mode.NOT_USED, reason, List.of(), false, reason, List.of());
    }
}
