package dev.tableindex.model.iceberg.definition;

/**
 * Normalized JSON paths (RFC 9535, section 2.7), by which the model names a node of an index metadata file:
 * {@code $}, then {@code ['name']} for each member and {@code [n]} for each array element (0-based). In a name,
 * a quote and a backslash are escaped with a backslash, and control characters as backslash-b, -f, -n, -r, -t
 * or a backslash-u escape of four lower-case hex digits, as the RFC's normal form writes them.
 */
public final class JsonPaths {
    private JsonPaths() {
    }

    /** The path of member {@code name} of the object at {@code parent}. */
    public static String member(String parent, String name) {
        StringBuilder path = new StringBuilder(parent).append("['");
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            switch (c) {
                case '\'' -> path.append("\\'");
                case '\\' -> path.append("\\\\");
                case '\b' -> path.append("\\b");
                case '\f' -> path.append("\\f");
                case '\n' -> path.append("\\n");
                case '\r' -> path.append("\\r");
                case '\t' -> path.append("\\t");
                default -> {
                    if (c < 0x20) {
                        path.append(String.format("\\u%04x", (int) c));
                    } else {
                        path.append(c);
                    }
                }
            }
        }
        return path.append("']").toString();
    }

    /** The path of element {@code index} of the array at {@code parent}. */
    public static String element(String parent, int index) {
        return parent + "[" + index + "]";
    }
}
