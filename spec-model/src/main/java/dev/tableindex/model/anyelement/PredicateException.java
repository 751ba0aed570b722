package dev.tableindex.model.anyelement;

/** A predicate that cannot be parsed or bound, with what is wrong and the 1-based column where. */
public final class PredicateException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** What kind of problem. */
    public enum Kind { SYNTAX, UNKNOWN_FIELD, TYPE_MISMATCH, BAD_LITERAL }

    private final Kind kind;
    private final int column;

    public PredicateException(Kind kind, int column, String what) {
        super(what + " at column " + column);
        this.kind = kind;
        this.column = column;
    }

    public Kind kind() {
        return kind;
    }

    /** 1-based column of the predicate text where the problem starts. */
    public int column() {
        return column;
    }
}
