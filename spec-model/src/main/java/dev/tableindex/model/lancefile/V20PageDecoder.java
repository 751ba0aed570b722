package dev.tableindex.model.lancefile;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.tableindex.proto.lance.encodings.ArrayEncoding;
import dev.tableindex.proto.lance.encodings.Binary;
import dev.tableindex.proto.lance.encodings.Buffer;
import dev.tableindex.proto.lance.encodings.Flat;
import dev.tableindex.proto.lance.encodings.Nullable;
import dev.tableindex.proto.lance.file.v2.ColumnMetadata;
import dev.tableindex.proto.lance.file.v2.Encoding;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Decodes one page of a v2.0 file (Lance {@code rust/lance-encoding/src/previous/encodings/physical}):
 * Nullable (no nulls, some nulls with a 1-bit validity Flat, all nulls), uncompressed Flat of the column's
 * width, and Binary (end offsets into a byte Flat, nulls shifted by {@code null_adjustment}). Any other
 * encoding is an {@link UnreadableEncodingException}; contents that contradict the encoding a
 * {@link LanceFileFormatException}.
 */
final class V20PageDecoder {
    private final byte[] file;
    private final String source;
    private final int footerStart;
    private final String column;
    private final int pageIndex;
    private final ColumnMetadata.Page page;
    private final LanceType type;
    private final String field;
    /** Where the page's description (its column metadata) is: the offset of errors not about one buffer. */
    private final long metadataAt;

    V20PageDecoder(byte[] file, String source, int footerStart, long metadataAt, String column, int pageIndex,
                   ColumnMetadata.Page page, LanceType type) {
        this.metadataAt = metadataAt;
        this.file = file;
        this.source = source;
        this.footerStart = footerStart;
        this.column = column;
        this.pageIndex = pageIndex;
        this.page = page;
        this.type = type;
        this.field = "column " + column + " page " + pageIndex;
    }

    /** The page's {@code rows} values: {@code byte[]} or {@code Long}, null for a null. */
    Object[] decode(int rows) {
        if (!LanceFileWriter.writes(type)) {
            throw unreadable("a v2.0 page of " + type.logicalType() + " values");
        }
        if (page.getBufferOffsetsCount() != page.getBufferSizesCount()) {
            throw bad(metadataAt, page.getBufferOffsetsCount() + " buffer offsets but " + page.getBufferSizesCount() + " sizes");
        }
        if (page.getEncoding().getLocationCase() != Encoding.LocationCase.DIRECT) {
            throw unreadable(page.getEncoding().getLocationCase().name().toLowerCase() + " page encoding");
        }
        Any any = LanceFileReader.any(page.getEncoding().getDirect().getEncoding(), source, metadataAt, field + " encoding");
        if (!any.getTypeUrl().equals(LanceFileReader.ARRAY_ENCODING_URL)) {
            throw unreadable(any.getTypeUrl());
        }
        ArrayEncoding encoding;
        try {
            encoding = ArrayEncoding.parseFrom(any.getValue());
        } catch (InvalidProtocolBufferException e) {
            throw new LanceFileFormatException(LanceFileProblem.BAD_PROTOBUF, source, metadataAt, field + " encoding",
                    "not an ArrayEncoding message: " + e.getMessage());
        }
        return decode(encoding, rows, type, 0);
    }

    private Object[] decode(ArrayEncoding encoding, int rows, LanceType as, int depth) {
        if (depth > 8) {
            throw unreadable("encodings nested deeper than 8");
        }
        switch (encoding.getArrayEncodingCase()) {
            case NULLABLE:
                return nullable(encoding.getNullable(), rows, as, depth);
            case FLAT:
                if (as.variableWidth()) {
                    throw bad(metadataAt, "a flat encoding for variable-width " + as.logicalType() + " values");
                }
                return integers(encoding.getFlat(), rows, as);
            case BINARY:
                if (!as.variableWidth()) {
                    throw bad(metadataAt, "a binary encoding for " + as.logicalType() + " values");
                }
                return binary(encoding.getBinary(), rows, depth);
            case ARRAYENCODING_NOT_SET:
                throw bad(metadataAt, "an ArrayEncoding with no encoding set");
            default:
                throw unreadable(encoding.getArrayEncodingCase().name().toLowerCase());
        }
    }

    private Object[] nullable(Nullable nullable, int rows, LanceType as, int depth) {
        switch (nullable.getNullabilityCase()) {
            case NO_NULLS:
                return decode(nullable.getNoNulls().getValues(), rows, as, depth + 1);
            case ALL_NULLS:
                return new Object[rows];
            case SOME_NULLS:
                ArrayEncoding validity = nullable.getSomeNulls().getValidity();
                if (validity.getArrayEncodingCase() != ArrayEncoding.ArrayEncodingCase.FLAT
                        || validity.getFlat().getBitsPerValue() != 1) {
                    throw unreadable("validity " + validity.getArrayEncodingCase().name().toLowerCase()
                            + " (only a 1-bit flat is decoded)");
                }
                int[] span = buffer(validity.getFlat(), ((long) rows + 7) / 8);
                Object[] values = decode(nullable.getSomeNulls().getValues(), rows, as, depth + 1);
                for (int row = 0; row < rows; row++) {
                    if ((file[span[0] + row / 8] & (1 << (row % 8))) == 0) {
                        values[row] = null;
                    }
                }
                return values;
            default:
                throw bad(metadataAt, "a Nullable encoding with no nullability set");
        }
    }

    private Object[] integers(Flat flat, int rows, LanceType as) {
        if (flat.getBitsPerValue() != as.bits()) {
            throw bad(metadataAt, "flat values of " + flat.getBitsPerValue() + " bits for " + as.logicalType());
        }
        int width = as.bits() / 8;
        int[] span = buffer(flat, (long) rows * width);
        ByteBuffer values = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        Object[] out = new Object[rows];
        for (int row = 0; row < rows; row++) {
            int at = span[0] + row * width;
            long raw = switch (width) {
                case 1 -> file[at];
                case 2 -> values.getShort(at);
                case 4 -> values.getInt(at);
                default -> values.getLong(at);
            };
            out[row] = as.fromRaw(raw);
        }
        return out;
    }

    private Object[] binary(Binary binary, int rows, int depth) {
        Object[] ends = decode(binary.getIndices(), rows, LanceType.UINT64, depth + 1);
        ArrayEncoding bytesEncoding = binary.getBytes();
        if (bytesEncoding.getArrayEncodingCase() != ArrayEncoding.ArrayEncodingCase.FLAT
                || bytesEncoding.getFlat().getBitsPerValue() != 8) {
            throw unreadable("binary bytes " + bytesEncoding.getArrayEncodingCase().name().toLowerCase()
                    + " (only an 8-bit flat is decoded)");
        }
        int[] bytes = buffer(bytesEncoding.getFlat(), 0);
        long nullAdjustment = binary.getNullAdjustment();
        Object[] out = new Object[rows];
        long start = 0;
        for (int row = 0; row < rows; row++) {
            if (ends[row] == null) {
                throw bad(metadataAt, "binary offset of row " + row + " is null");
            }
            long index = (Long) ends[row];
            boolean valid = Long.compareUnsigned(index, nullAdjustment) < 0;
            long end = valid ? index : index - nullAdjustment;
            if (Long.compareUnsigned(end, start) < 0 || Long.compareUnsigned(end, bytes[1]) > 0) {
                throw bad(bytes[0], "binary row " + row + " ends at " + Long.toUnsignedString(end) + ", outside ["
                        + start + ", " + bytes[1] + "] of its bytes buffer");
            }
            if (valid) {
                out[row] = Arrays.copyOfRange(file, bytes[0] + (int) start, bytes[0] + (int) end);
            }
            start = end;
        }
        return out;
    }

    /** The page buffer a flat points at, as {offset, size}, at least {@code needed} bytes. */
    private int[] buffer(Flat flat, long needed) {
        if (flat.hasCompression()) {
            throw unreadable("flat compressed with " + flat.getCompression().getScheme());
        }
        Buffer buffer = flat.getBuffer();
        if (buffer.getBufferType() != Buffer.BufferType.page) {
            throw unreadable("flat in a " + buffer.getBufferType() + " buffer");
        }
        int index = buffer.getBufferIndex();
        if (index < 0 || index >= page.getBufferOffsetsCount()) {
            throw bad(metadataAt, "buffer index " + Integer.toUnsignedString(index) + " but the page has "
                    + page.getBufferOffsetsCount() + " buffers");
        }
        long offset = page.getBufferOffsets(index);
        long size = page.getBufferSizes(index);
        if (Long.compareUnsigned(offset, footerStart) > 0 || Long.compareUnsigned(size, footerStart - offset) > 0) {
            throw new LanceFileFormatException(LanceFileProblem.OUT_OF_RANGE, source, metadataAt, field + " buffer " + index,
                    "buffer at " + Long.toUnsignedString(offset) + " of " + Long.toUnsignedString(size)
                            + " bytes is outside the file's data (before " + footerStart + ")");
        }
        if (size < needed) {
            throw bad(offset, "buffer " + index + " has " + size + " bytes, " + needed + " needed");
        }
        return new int[] {(int) offset, (int) size};
    }

    private LanceFileFormatException bad(long offset, String what) {
        return new LanceFileFormatException(LanceFileProblem.BAD_PAGE, source, offset, field, what);
    }

    private UnreadableEncodingException unreadable(String encoding) {
        return new UnreadableEncodingException(source, metadataAt, column, pageIndex, encoding);
    }
}
