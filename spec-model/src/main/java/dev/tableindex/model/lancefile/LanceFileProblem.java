package dev.tableindex.model.lancefile;

/** Why a Lance file was refused; the kind a caller can branch on. */
public enum LanceFileProblem {
    /** Too short for what its own footer or tables say it holds. */
    TRUNCATED,
    /** Does not end in {@code "LANC"}: not a Lance file. */
    NOT_LANCE,
    /** A Lance v1 (legacy, footer 0.0–0.2) file: the v2 layout does not apply. */
    LEGACY_FORMAT,
    /** A footer version that is neither v1 nor v2.x. */
    UNSUPPORTED_VERSION,
    /** An offset, size or count that points outside the file or contradicts another. */
    OUT_OF_RANGE,
    /**
     * A protobuf message (file descriptor, column metadata, encoding) that does not parse, or that parses into
     * what no Lance writer writes (a schema field without a name).
     */
    BAD_PROTOBUF,
    /** A page or column whose contents contradict its encoding or the schema. */
    BAD_PAGE,
    /** A readable file whose schema is not the one the caller reads (a missing column, another type). */
    UNEXPECTED_SCHEMA,
    /** A valid file whose encoding or type the kit does not decode. */
    UNREADABLE_ENCODING,
}
