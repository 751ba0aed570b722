package dev.tableindex.tck.matrix;

/** Text and attribute values in HTML (and SVG). */
final class Html {
    private Html() {
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
