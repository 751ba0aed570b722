package dev.tableindex.model.lancefile;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.tableindex.model.lancefile.v21.DecodeBudget;
import dev.tableindex.model.lancefile.v21.PageContext;
import dev.tableindex.model.lancefile.v21.V21PageDecoder;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import dev.tableindex.proto.lance.encodings.ArrayEncoding;
import dev.tableindex.proto.lance.encodings.ColumnEncoding;
import dev.tableindex.proto.lance.encodings21.PageLayout;
import dev.tableindex.proto.lance.file.Field;
import dev.tableindex.proto.lance.file.FileDescriptor;
import dev.tableindex.proto.lance.file.v2.ColumnMetadata;
import dev.tableindex.proto.lance.file.v2.Encoding;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads Lance v2.x files (docs/lance-files.md): {@link #summary} works for every v2.x file whatever its page
 * encodings; {@link #read} decodes the pages of v2.0 files whose top-level columns are of a {@link LanceType}
 * and whose pages use Nullable, Flat and Binary, and of v2.1 files (their structural layouts and compressions:
 * {@link V21PageDecoder}). Bad bytes give a {@link LanceFileFormatException} (an
 * {@link UnreadableEncodingException} for a valid file the kit cannot decode); every length is checked against
 * the file size before anything is allocated from it.
 */
public final class LanceFileReader {
    /** Largest file the reader takes into memory (a Java array). */
    static final long MAX_FILE_BYTES = Integer.MAX_VALUE - 64;
    static final String ARRAY_ENCODING_URL = "/lance.encodings.ArrayEncoding";
    static final String COLUMN_ENCODING_URL = "/lance.encodings.ColumnEncoding";

    private LanceFileReader() {
    }

    public static LanceFileSummary summary(Path file) {
        return summary(readFile(file), file.toString());
    }

    public static LanceFileSummary summary(byte[] bytes, String source) {
        return layout(bytes, source).summary();
    }

    public static LanceColumns read(Path file) {
        return read(readFile(file), file.toString());
    }

    public static LanceColumns read(byte[] bytes, String source) {
        Layout layout = layout(bytes, source);
        LanceFileSummary summary = layout.summary();
        List<LanceType> types = new ArrayList<>();
        for (Field field : summary.fields()) {
            if (field.getName().isEmpty()) {
                throw new LanceFileFormatException(LanceFileProblem.BAD_PROTOBUF, source, layout.descriptorOffset(),
                        "global buffer 0 (FileDescriptor).schema", "schema field " + field.getId() + " has no name");
            }
            // Lance writes every Field with type 0 (PARENT) whatever it is: nesting shows in parent_id and the type
            if (field.getParentId() != -1) {
                throw new UnreadableEncodingException(source, -1, field.getName(), -1,
                        "nested field (parent " + field.getParentId() + ")");
            }
            types.add(LanceType.ofLogicalType(field.getLogicalType()).orElseThrow(() -> new UnreadableEncodingException(
                    source, -1, field.getName(), -1, "logical type " + field.getLogicalType())));
        }
        if (types.size() != summary.columns()) {
            throw new LanceFileFormatException(LanceFileProblem.BAD_PAGE, source, bytes.length - 12L,
                    "footer.num_columns", "the schema has " + types.size() + " fields but the file has "
                            + summary.columns() + " columns");
        }
        long rows = summary.rows();
        boolean v21 = layout.footer().major() == 2 && layout.footer().minor() == 1;
        // v2.0: a decodable page spends at least a validity bit per row (only all-null pages could hold more), so
        // memory stays linear in the file size; v2.1 compresses runs and constants, so its ceiling is absolute
        long maxRows = v21 ? DecodeBudget.MAX_ROWS : Math.min(8L * bytes.length + 64, Integer.MAX_VALUE - 64);
        if (Long.compareUnsigned(rows, maxRows) > 0) {
            throw new LanceFileFormatException(LanceFileProblem.OUT_OF_RANGE, source, layout.descriptorOffset(),
                    "global buffer 0 (FileDescriptor).length", "the file declares " + Long.toUnsignedString(rows)
                            + " rows, more than the kit reads into memory from a file of " + bytes.length + " bytes");
        }
        DecodeBudget budget = new DecodeBudget();
        List<LanceColumn> columns = new ArrayList<>();
        for (int c = 0; c < types.size(); c++) {
            Field field = summary.fields().get(c);
            ColumnMetadata metadata = columnMetadata(bytes, source, layout, c);
            checkColumnEncoding(source, layout.columnSpans()[c][0], field.getName(), metadata);
            List<Object> values = new ArrayList<>();
            for (int p = 0; p < metadata.getPagesCount(); p++) {
                ColumnMetadata.Page page = metadata.getPages(p);
                long pageRows = page.getLength();
                if (Long.compareUnsigned(pageRows, rows - values.size()) > 0) {
                    throw new LanceFileFormatException(LanceFileProblem.BAD_PAGE, source, layout.columnSpans()[c][0],
                            "column metadata " + c + " page " + p + " length", "column " + field.getName() + " page " + p
                                    + " holds " + Long.toUnsignedString(pageRows) + " rows, more than the "
                                    + (rows - values.size()) + " of the file left");
                }
                if (v21) {
                    PageContext context = new PageContext(source, field.getName(), p, layout.columnSpans()[c][0],
                            budget);
                    values.addAll(V21PageDecoder.decode(bytes, layout.footerStart(), page, pageRows, types.get(c),
                            context));
                    continue;
                }
                if (!layout.footer().isV2_0()) {
                    throw new UnreadableEncodingException(source, layout.columnSpans()[c][0], field.getName(), p,
                            encodingName(page.getEncoding()) + " (format " + summary.version() + ")");
                }
                V20PageDecoder decoder = new V20PageDecoder(bytes, source, layout.footerStart(),
                        layout.columnSpans()[c][0], field.getName(), p,
                        page, types.get(c));
                values.addAll(java.util.Arrays.asList(decoder.decode((int) pageRows)));
            }
            if (values.size() != rows) {
                throw new LanceFileFormatException(LanceFileProblem.BAD_PAGE, source, layout.columnSpans()[c][0],
                        "column metadata " + c, "column " + field.getName() + " pages hold " + values.size()
                                + " rows, the file descriptor says " + rows);
            }
            if (!field.getNullable() && values.contains(null)) {
                throw new LanceFileFormatException(LanceFileProblem.BAD_PAGE, source, layout.columnSpans()[c][0],
                        "column metadata " + c, "column " + field.getName() + " is not nullable but holds a null");
            }
            columns.add(new LanceColumn(field.getName(), types.get(c), field.getNullable(), values));
        }
        return new LanceColumns(summary, columns);
    }

    /**
     * Each column's page encodings, one line per page (the encoding message in protobuf's short text form, or where
     * it is kept): what a writer chose, for reports and for tests that must exercise given encodings.
     */
    public static List<List<String>> pageEncodings(byte[] bytes, String source) {
        Layout layout = layout(bytes, source);
        List<List<String>> columns = new ArrayList<>();
        for (int c = 0; c < layout.columnSpans().length; c++) {
            List<String> pages = new ArrayList<>();
            for (ColumnMetadata.Page page : columnMetadata(bytes, source, layout, c).getPagesList()) {
                pages.add(describe(page.getEncoding()));
            }
            columns.add(pages);
        }
        return columns;
    }

    private static String describe(Encoding encoding) {
        if (encoding.getLocationCase() != Encoding.LocationCase.DIRECT) {
            return encodingName(encoding);
        }
        try {
            Any any = Any.parseFrom(encoding.getDirect().getEncoding());
            Message message = switch (any.getTypeUrl()) {
                case ARRAY_ENCODING_URL -> ArrayEncoding.parseFrom(any.getValue());
                case V21PageDecoder.PAGE_LAYOUT_URL -> PageLayout.parseFrom(any.getValue());
                default -> null;
            };
            return message == null ? any.getTypeUrl() : TextFormat.shortDebugString(message);
        } catch (InvalidProtocolBufferException e) {
            return "(unparsable encoding)";
        }
    }

    /** The checked footer, the file descriptor and where each column's metadata is. */
    record Layout(LanceFileFooter footer, LanceFileSummary summary, long[][] columnSpans, long descriptorOffset,
                  int footerStart) {
    }

    static Layout layout(byte[] bytes, String source) {
        LanceFileFooter footer = LanceFileFooter.decode(bytes, source);
        int footerStart = bytes.length - LanceFileFooter.SIZE;
        ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        long[][] globalBuffers = table(buffer, source, (int) footer.gboTableOffset(), (int) footer.numGlobalBuffers(),
                "global buffer offset table", 0, footerStart);
        long[][] columnSpans = table(buffer, source, (int) footer.cmoTableOffset(), (int) footer.numColumns(),
                "column metadata offset table", footer.columnMetaStart(), footer.cmoTableOffset());
        long descriptorAt = globalBuffers[0][0];
        FileDescriptor descriptor;
        try {
            descriptor = FileDescriptor.parseFrom(ByteBuffer.wrap(bytes, (int) descriptorAt, (int) globalBuffers[0][1]));
        } catch (InvalidProtocolBufferException e) {
            throw new LanceFileFormatException(LanceFileProblem.BAD_PROTOBUF, source, descriptorAt,
                    "global buffer 0 (FileDescriptor)", "not a FileDescriptor message: " + e.getMessage());
        }
        if (!descriptor.hasSchema()) {
            throw new LanceFileFormatException(LanceFileProblem.BAD_PROTOBUF, source, descriptorAt,
                    "global buffer 0 (FileDescriptor).schema", "the file descriptor has no schema");
        }
        Map<String, byte[]> metadata = new LinkedHashMap<>();
        descriptor.getSchema().getMetadataMap().forEach((k, v) -> metadata.put(k, v.toByteArray()));
        LanceFileSummary summary = new LanceFileSummary(footer.major(), footer.minor(), descriptor.getLength(),
                descriptor.getSchema().getFieldsList(), metadata, (int) footer.numColumns());
        return new Layout(footer, summary, columnSpans, descriptorAt, footerStart);
    }

    /** An offset table: {@code count} (position, size) pairs, each span inside [{@code from}, {@code to}). */
    private static long[][] table(ByteBuffer buffer, String source, int at, int count, String name, long from, long to) {
        long[][] spans = new long[count][];
        for (int i = 0; i < count; i++) {
            int entryAt = at + i * LanceFileFooter.TABLE_ENTRY;
            long position = buffer.getLong(entryAt);
            long size = buffer.getLong(entryAt + 8);
            if (Long.compareUnsigned(position, from) < 0 || Long.compareUnsigned(position, to) > 0
                    || Long.compareUnsigned(size, to - position) > 0) {
                throw new LanceFileFormatException(LanceFileProblem.OUT_OF_RANGE, source, entryAt, name + "[" + i + "]",
                        "span at " + Long.toUnsignedString(position) + " of " + Long.toUnsignedString(size)
                                + " bytes is outside [" + from + ", " + to + ")");
            }
            spans[i] = new long[] {position, size};
        }
        return spans;
    }

    private static ColumnMetadata columnMetadata(byte[] bytes, String source, Layout layout, int column) {
        long[] span = layout.columnSpans()[column];
        try {
            return ColumnMetadata.parseFrom(ByteBuffer.wrap(bytes, (int) span[0], (int) span[1]));
        } catch (InvalidProtocolBufferException e) {
            throw new LanceFileFormatException(LanceFileProblem.BAD_PROTOBUF, source, span[0],
                    "column metadata " + column, "not a ColumnMetadata message: " + e.getMessage());
        }
    }

    /** v2.0 columns carry ColumnEncoding {values}; a zone index or blob column is not decoded. */
    private static void checkColumnEncoding(String source, long at, String column, ColumnMetadata metadata) {
        if (!metadata.hasEncoding() || metadata.getEncoding().getLocationCase() != Encoding.LocationCase.DIRECT) {
            return; // v2.1+ columns may carry none; v2.0 pages are decoded on their own
        }
        Any any = any(metadata.getEncoding().getDirect().getEncoding(), source, at, "column " + column + " encoding");
        if (!any.getTypeUrl().equals(COLUMN_ENCODING_URL)) {
            return;
        }
        try {
            ColumnEncoding encoding = ColumnEncoding.parseFrom(any.getValue());
            if (encoding.getColumnEncodingCase() != ColumnEncoding.ColumnEncodingCase.VALUES
                    && encoding.getColumnEncodingCase() != ColumnEncoding.ColumnEncodingCase.COLUMNENCODING_NOT_SET) {
                throw new UnreadableEncodingException(source, at, column, -1,
                        "column encoding " + encoding.getColumnEncodingCase().name().toLowerCase());
            }
        } catch (InvalidProtocolBufferException e) {
            throw new LanceFileFormatException(LanceFileProblem.BAD_PROTOBUF, source, at, "column " + column + " encoding",
                    "not a ColumnEncoding message: " + e.getMessage());
        }
    }

    static Any any(ByteString bytes, String source, long at, String field) {
        try {
            return Any.parseFrom(bytes);
        } catch (InvalidProtocolBufferException e) {
            throw new LanceFileFormatException(LanceFileProblem.BAD_PROTOBUF, source, at, field,
                    "not a google.protobuf.Any: " + e.getMessage());
        }
    }

    /** A page encoding's name for a message: the Any's type URL, or where the encoding is kept. */
    private static String encodingName(Encoding encoding) {
        if (encoding.getLocationCase() == Encoding.LocationCase.DIRECT) {
            try {
                return Any.parseFrom(encoding.getDirect().getEncoding()).getTypeUrl();
            } catch (InvalidProtocolBufferException e) {
                return "(unparsable direct encoding)";
            }
        }
        return encoding.getLocationCase().name().toLowerCase() + " encoding";
    }

    private static byte[] readFile(Path file) {
        try {
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                throw new LanceFileFormatException(LanceFileProblem.OUT_OF_RANGE, file.toString(), -1, null,
                        "file has " + size + " bytes, more than the kit reads into memory");
            }
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
