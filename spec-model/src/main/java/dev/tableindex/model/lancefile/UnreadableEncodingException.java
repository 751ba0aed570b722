package dev.tableindex.model.lancefile;

/**
 * A well-formed Lance file with a page encoding (or column type) the kit does not decode, so a
 * caller can tell "not a valid file" from "valid file the kit cannot read".
 */
public final class UnreadableEncodingException extends LanceFileFormatException {
    private static final long serialVersionUID = 1L;

    private final String column;
    private final int page;
    private final String encoding;

    public UnreadableEncodingException(String source, long offset, String column, int page, String encoding) {
        super(LanceFileProblem.UNREADABLE_ENCODING, source, offset, "column " + column + " page " + page,
                "the kit does not decode encoding " + encoding);
        this.column = column;
        this.page = page;
        this.encoding = encoding;
    }

    /** The column's field name. */
    public String column() {
        return column;
    }

    /** The page's index in its column; -1 when the column as a whole is the problem. */
    public int page() {
        return page;
    }

    /** The encoding (or type) the kit does not decode, e.g. {@code bitpacked} or {@code /lance.encodings21.PageLayout}. */
    public String encoding() {
        return encoding;
    }
}
