package dev.tableindex.model.manifest;

/** What is wrong with a manifest file: one constant per way a reader must refuse it. */
public enum ManifestProblem {
    /** The file is shorter than what it declares, or than the 16-byte footer. */
    TRUNCATED,
    /** The last four bytes are not {@code LANC}. */
    BAD_MAGIC,
    /** The footer's major version is not one this reader knows. */
    UNSUPPORTED_VERSION,
    /** A file position (footer manifest position, index or transaction section) points outside the file. */
    POSITION_OUT_OF_RANGE,
    /** A u32 length prefix runs past the end of its region or is larger than any manifest can be. */
    LENGTH_OUT_OF_RANGE,
    /** The manifest message does not end exactly where the footer starts. */
    LENGTH_MISMATCH,
    /** A section's bytes are not a valid protobuf encoding of its message. */
    INVALID_PROTOBUF,
    /** A Roaring bitmap is not in the portable serialization format. */
    INVALID_ROARING,
    /** A field has a value the format forbids (e.g. a UUID that is not 16 bytes). */
    INVALID_FIELD,
    /** A dataset folder has no manifest, mixes naming schemes, or lacks the requested version. */
    NOT_A_DATASET,
    /** The file could not be read at all. */
    IO
}
