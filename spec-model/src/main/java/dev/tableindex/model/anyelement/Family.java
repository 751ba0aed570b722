package dev.tableindex.model.anyelement;

/**
 * What a comparison compares as: both operands are brought to one family, whose order is the one
 * the key encoding gives (integers by value, floats by IEEE 754 totalOrder, strings and binary by
 * unsigned bytes, dates and timestamps by the instant they name).
 */
enum Family {
    INTEGER, FLOAT32, FLOAT64, STRING, BINARY, BOOL, DATE, TIMESTAMP,
    /** A number literal: takes the family of what it is compared with. */
    NUMBER,
    /** The NULL literal: compares with anything, always UNKNOWN. */
    ANY;

    /** The family two operands compare as, or null when they cannot be compared. */
    static Family common(Family a, Family b) {
        if (a == b) {
            return a == NUMBER ? INTEGER : a;
        }
        if (a == ANY || b == ANY) {
            return a == ANY ? (b == NUMBER ? INTEGER : b) : (a == NUMBER ? INTEGER : a);
        }
        if (a == NUMBER || b == NUMBER) {
            Family other = a == NUMBER ? b : a;
            return other == INTEGER || other == FLOAT32 || other == FLOAT64 ? other : null;
        }
        if ((a == FLOAT32 && b == FLOAT64) || (a == FLOAT64 && b == FLOAT32)) {
            return FLOAT64;
        }
        return null;
    }
}
