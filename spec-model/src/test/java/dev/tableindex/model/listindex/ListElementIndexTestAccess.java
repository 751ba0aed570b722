package dev.tableindex.model.listindex;

/** Test access: an index with its details replaced, as after schema evolution the reader sees stale details. */
final class ListElementIndexTestAccess {
    private ListElementIndexTestAccess() {
    }

    static ListElementIndex withDetails(ListElementIndex index, ListElementIndexDetails details) {
        return index.withDetails(details);
    }
}
