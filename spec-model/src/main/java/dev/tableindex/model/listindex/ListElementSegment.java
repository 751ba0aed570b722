package dev.tableindex.model.listindex;

import java.util.List;
import java.util.Set;

/**
 * One segment of a list element index as a reader uses it: its details, the fragments it covers, and its target
 * BTree, which "does all of the storage and searching" ("List Element Index"). {@link ListElementQuery} plans,
 * rechecks and answers through this view; the kit's own target is {@link ListElementIndex}, a real engine may put
 * its own BTree behind it (engine {@code lance}: real Lance's BTree, engines/lance/README.md).
 */
public interface ListElementSegment {

    /** Row addresses a search found, and how many pages it read (0 when the target does not say). */
    record Found(Set<Long> rows, int pagesRead) {
    }

    ListElementIndexDetails details();

    Set<Long> coveredFragments();

    /** The rows whose values (encoded key tuples, Binary) fall in any of {@code ranges}; null values never do. */
    Found search(List<KeyRange> ranges);

    /** The rows whose list is null: "the null values of the target". */
    Found nullLists();
}
