package dev.tableindex.model.iceberg.definition;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code type} of an index as written in its metadata file. Writers write it upper case; readers match
 * it case-insensitively (draft, Index Type), so the written text is kept and {@link #kind()} does the
 * matching.
 *
 * @param written the text of the {@code type} field
 */
public record IndexType(String written) {
    /** The index types the draft names. */
    public enum Kind {
        /** Defined by the draft. */
        SCALAR,
        /** Reserved for a future specification: a reader ignores such an index. */
        VECTOR
    }

    public static final IndexType SCALAR = new IndexType("SCALAR");
    public static final IndexType VECTOR = new IndexType("VECTOR");

    public IndexType {
        Objects.requireNonNull(written, "written");
    }

    /** The type this text names, matched case-insensitively; empty for a type the draft does not name. */
    public Optional<Kind> kind() {
        for (Kind kind : Kind.values()) {
            if (kind.name().equalsIgnoreCase(written)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }

    /** Whether the type is written as writers must write it: upper case. */
    public boolean isWrittenUpperCase() {
        return written.equals(written.toUpperCase(Locale.ROOT));
    }

    /** This type as writers must write it: upper case (the same type to a reader, which matches case-insensitively). */
    public IndexType upperCase() {
        return new IndexType(written.toUpperCase(Locale.ROOT));
    }

    /** Whether a reader that implements {@code SCALAR} (and nothing else) uses this index. */
    public boolean isScalar() {
        return kind().filter(k -> k == Kind.SCALAR).isPresent();
    }
}
