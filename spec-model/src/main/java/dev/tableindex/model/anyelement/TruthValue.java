package dev.tableindex.model.anyelement;

/** SQL's three truth values, with Kleene's AND, OR and NOT. UNKNOWN is what SQL prints as NULL. */
public enum TruthValue {
    FALSE, UNKNOWN, TRUE;

    public static TruthValue of(boolean value) {
        return value ? TRUE : FALSE;
    }

    /** The minimum under FALSE &lt; UNKNOWN &lt; TRUE. */
    public TruthValue and(TruthValue other) {
        return compareTo(other) <= 0 ? this : other;
    }

    /** The maximum under FALSE &lt; UNKNOWN &lt; TRUE. */
    public TruthValue or(TruthValue other) {
        return compareTo(other) >= 0 ? this : other;
    }

    public TruthValue not() {
        return switch (this) {
            case TRUE -> FALSE;
            case FALSE -> TRUE;
            case UNKNOWN -> UNKNOWN;
        };
    }

    /** How SQL prints it: TRUE, FALSE or NULL. */
    public String sql() {
        return this == UNKNOWN ? "NULL" : name();
    }
}
