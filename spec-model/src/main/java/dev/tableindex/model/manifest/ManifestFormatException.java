package dev.tableindex.model.manifest;

import java.util.Optional;

/**
 * A manifest (or dataset folder) that a reader must refuse, with where and why:
 * {@code <source>: <what> at offset <n>}. Never wraps a parser's stack trace as the message.
 */
public final class ManifestFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ManifestProblem problem;
    private final String source;
    private final long offset;
    private final String field;

    public ManifestFormatException(ManifestProblem problem, String source, long offset, String field, String what) {
        super(what);
        this.problem = problem;
        this.source = source;
        this.offset = offset;
        this.field = field;
    }

    public ManifestFormatException(ManifestProblem problem, String source, long offset, String what) {
        this(problem, source, offset, null, what);
    }

    public ManifestProblem problem() {
        return problem;
    }

    /** The file (or folder) the problem is in. */
    public String source() {
        return source;
    }

    /** Byte offset in {@link #source()} where the problem was found; -1 when it is not about a byte. */
    public long offset() {
        return offset;
    }

    /** The protobuf field path, e.g. {@code indices[1].fragment_bitmap}, when the problem is in one field. */
    public Optional<String> field() {
        return Optional.ofNullable(field);
    }

    /** What is wrong, without the location. */
    public String what() {
        return super.getMessage();
    }

    /** One line: {@code <source>: <what>[ (<field>)] at offset <n>}. */
    @Override
    public String getMessage() {
        StringBuilder line = new StringBuilder(source).append(": ").append(what());
        if (field != null) {
            line.append(" (").append(field).append(')');
        }
        if (offset >= 0) {
            line.append(" at offset ").append(offset);
        }
        return line.toString();
    }
}
