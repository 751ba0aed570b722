package dev.tableindex.model.anyelement;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code any_element(list, 'predicate')} (lance-list-element-index.md, "Accelerated Queries"): TRUE
 * when the predicate is TRUE on at least one element; NULL (UNKNOWN) when the list is null, or when
 * no element makes it TRUE but some element makes it UNKNOWN; FALSE otherwise, so FALSE for an empty
 * list. {@code NOT any_element(…)} is the three-valued NOT of that.
 */
public final class AnyElement {
    private AnyElement() {
    }

    /** The call on one row's list; {@code list} null is a null list. */
    public static TruthValue test(BoundPredicate predicate, List<Object[]> list) {
        if (list == null) {
            return TruthValue.UNKNOWN;
        }
        TruthValue result = TruthValue.FALSE;
        for (Object[] element : list) {
            result = result.or(predicate.test(element));
            if (result == TruthValue.TRUE) {
                break;
            }
        }
        return result;
    }

    /**
     * The call (or, {@code negated}, its NOT) on every row of the table {@code reader} reads, in row order, reading
     * it row by row and holding none (the answer is one value per row): the checks and answer of
     * {@code evaluate(ListTable.fromJson(…), …)}, the table's before the predicate's.
     */
    public static List<TruthValue> evaluate(TableReader reader, String predicate, boolean negated) {
        TableReader.Header header = reader.header();
        TableJson.Element element = ListTable.element(header);
        BoundPredicate bound = null;
        IllegalArgumentException badPredicate = null;
        try {
            bound = BoundPredicate.of(predicate, element.schema());
        } catch (IllegalArgumentException e) {
            badPredicate = e; // said once the whole table is known to be sound
        }
        List<TruthValue> results = new ArrayList<>(header.rowCount());
        BoundPredicate test = bound;
        reader.rows(element.schema(), (offset, list) -> {
            if (test != null) {
                TruthValue value = test(test, list);
                results.add(negated ? value.not() : value);
            }
        });
        if (badPredicate != null) {
            throw badPredicate;
        }
        return results;
    }

    /** The call (or, {@code negated}, its NOT) on every row of {@code table}, in row order. */
    public static List<TruthValue> evaluate(ListTable table, String predicate, boolean negated) {
        BoundPredicate bound = BoundPredicate.of(predicate, table.element());
        List<TruthValue> results = new ArrayList<>(table.rows().size());
        for (List<Object[]> row : table.rows()) {
            TruthValue value = test(bound, row);
            results.add(negated ? value.not() : value);
        }
        return results;
    }
}
