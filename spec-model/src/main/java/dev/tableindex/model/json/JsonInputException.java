package dev.tableindex.model.json;

/**
 * Input that {@link KitJson} will not read: not JSON, over one of its limits, a member given twice, text after the
 * value, or a file it cannot open. The message names what is wrong and where (JSON path when it matters, line and
 * column), in the kit's words: never a parser's class or feature names, never the input at length.
 */
public final class JsonInputException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final String path;
    private final String problem;

    /** A problem with the whole input. */
    public JsonInputException(String problem) {
        this("$", problem);
    }

    /** A problem at a JSON path ({@code $.rows[2].id}). */
    public JsonInputException(String path, String problem) {
        super(path.equals("$") ? problem : path + ": " + problem);
        this.path = path;
        this.problem = problem;
    }

    /** Where: {@code $} for the whole input. */
    public String path() {
        return path;
    }

    /** What is wrong, with its line and column when known, without the path. */
    public String problem() {
        return problem;
    }
}
