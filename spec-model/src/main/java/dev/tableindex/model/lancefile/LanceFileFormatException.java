package dev.tableindex.model.lancefile;

import java.util.Optional;

/**
 * A Lance v2 file the kit cannot read, with where and why:
 * {@code <source>: <what> (<field>) at offset <n>}. Never wraps a parser's stack trace as the message.
 */
public class LanceFileFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final LanceFileProblem problem;
    private final String source;
    private final long offset;
    private final String field;

    public LanceFileFormatException(LanceFileProblem problem, String source, long offset, String field, String what) {
        super(what);
        this.problem = problem;
        this.source = source;
        this.offset = offset;
        this.field = field;
    }

    public LanceFileProblem problem() {
        return problem;
    }

    /** The file the problem is in. */
    public String source() {
        return source;
    }

    /** Byte offset in {@link #source()} where the problem was found; -1 when it is not about one byte. */
    public long offset() {
        return offset;
    }

    /** The part of the file, e.g. {@code footer.num_columns} or {@code global buffer 0 (FileDescriptor)}. */
    public Optional<String> field() {
        return Optional.ofNullable(field);
    }

    /** What is wrong, without the location. */
    public String what() {
        return super.getMessage();
    }

    /** One line: {@code <source>: <what>[ (<field>)][ at offset <n>]}; control characters from the file escaped. */
    @Override
    public String getMessage() {
        StringBuilder line = new StringBuilder(source).append(": ").append(what());
        if (field != null) {
            line.append(" (").append(field).append(')');
        }
        if (offset >= 0) {
            line.append(" at offset ").append(offset);
        }
        return oneLine(line);
    }

    /** Names and types come from the file: a newline in one must not break the one-line message. */
    private static String oneLine(CharSequence text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            if (c < 0x20 || c == 0x7f) {
                out.append(String.format("\\x%02x", c));
            } else {
                out.appendCodePoint(c);
            }
        });
        return out.toString();
    }
}
