package dev.tableindex.model.index;

/**
 * What a reader asks of an object store to open an index file: its size (a HEAD request) and a range
 * of its bytes (a ranged GET). Paths are relative to the table's root.
 */
public interface ObjectStore {
    /** HEAD: the object's size. */
    long head(String path);

    /** GET of bytes {@code [offset, offset + length)}; refuses an object that ends before the range does. */
    byte[] readRange(String path, long offset, int length);
}
