package dev.tableindex.model.lancefile.v21;

import dev.tableindex.model.lancefile.LanceFileFormatException;
import dev.tableindex.model.lancefile.LanceFileProblem;
import dev.tableindex.model.lancefile.UnreadableEncodingException;

/**
 * Where a page is (file, column, page index, the offset of its column metadata) and the typed errors about it:
 * bytes that contradict the encoding ({@link LanceFileProblem#BAD_PAGE}), spans or counts outside the file or the
 * kit's ceilings ({@link LanceFileProblem#OUT_OF_RANGE}), encodings the kit does not decode. The file's
 * {@link DecodeBudget} comes along, so every decoder can take from it before it allocates.
 */
public record PageContext(String source, String column, int page, long metadataAt, DecodeBudget budget) {
    /** The field errors name: {@code column <name> page <n>}. */
    String field() {
        return "column " + column + " page " + page;
    }

    /** Takes {@code bytes} of decoded output from the file's budget, or refuses. */
    void take(long bytes, long offset, String what) {
        budget.take(bytes, this, offset, what);
    }

    LanceFileFormatException bad(long offset, String what) {
        return new LanceFileFormatException(LanceFileProblem.BAD_PAGE, source, offset, field(), what);
    }

    LanceFileFormatException outOfRange(long offset, String what) {
        return new LanceFileFormatException(LanceFileProblem.OUT_OF_RANGE, source, offset, field(), what);
    }

    UnreadableEncodingException unreadable(String encoding) {
        return new UnreadableEncodingException(source, metadataAt, column, page, encoding);
    }
}
