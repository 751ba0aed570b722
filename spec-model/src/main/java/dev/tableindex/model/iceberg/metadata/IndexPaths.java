package dev.tableindex.model.iceberg.metadata;

import java.util.regex.Pattern;

/**
 * Paths in index metadata (draft, Paths in Metadata, which defers to the table spec;
 * docs/iceberg-table-spec-facts.md "Paths in metadata"): a path that starts with a URI scheme is absolute
 * and used as is; any other path is relative and is the index location, {@code /}, then the path, joined
 * without looking at separators already there.
 */
public final class IndexPaths {
    /** RFC 3986 scheme: a letter, then letters, digits, {@code +}, {@code -} or {@code .}, then a colon. */
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.\\-]*:");

    private IndexPaths() {
    }

    /** Whether {@code path} starts with a URI scheme. */
    public static boolean isAbsolute(String path) {
        return SCHEME.matcher(path).find();
    }

    /** The absolute form of {@code path}, resolved against {@code location} when relative. */
    public static String resolve(String location, String path) {
        return isAbsolute(path) ? path : location + "/" + path;
    }

    /**
     * How a writer stores {@code absolute}: relative when it starts with the location followed by {@code /},
     * otherwise as is.
     */
    public static String relativize(String location, String absolute) {
        String prefix = location + "/";
        return absolute.startsWith(prefix) ? absolute.substring(prefix.length()) : absolute;
    }
}
