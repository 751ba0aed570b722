package dev.tableindex.model.lancefile;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.Empty;
import com.google.protobuf.Message;
import dev.tableindex.proto.lance.encodings.ArrayEncoding;
import dev.tableindex.proto.lance.encodings.Binary;
import dev.tableindex.proto.lance.encodings.Buffer;
import dev.tableindex.proto.lance.encodings.ColumnEncoding;
import dev.tableindex.proto.lance.encodings.Flat;
import dev.tableindex.proto.lance.encodings.Nullable;
import dev.tableindex.proto.lance.file.Field;
import dev.tableindex.proto.lance.file.FileDescriptor;
import dev.tableindex.proto.lance.file.Schema;
import dev.tableindex.proto.lance.file.v2.ColumnMetadata;
import dev.tableindex.proto.lance.file.v2.DirectEncoding;
import dev.tableindex.proto.lance.file.v2.Encoding;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes a Lance v2.0 file (footer 0.3) the way Lance's v2.0 writer lays one out ({@code rust/lance-file/src/writer.rs}):
 * page buffers padded to 64 bytes, the FileDescriptor as global buffer 0, column metadatas, the two offset tables,
 * the footer. Integer pages are Nullable(Flat); variable-width pages Binary(indices Nullable(Flat u64), bytes Flat u8).
 * v2.0 rather than 2.1 because its encodings are these three small messages, while 2.1 pages are mini-block or
 * full-zip layouts with repetition/definition levels and chunk metadata. The bytes depend only on the input
 * (protobuf maps written in key order).
 */
public final class LanceFileWriter {
    /** Rows per page unless asked otherwise (Lance splits pages by bytes; any split is a valid file). */
    public static final int DEFAULT_ROWS_PER_PAGE = 1 << 20;
    static final int ALIGNMENT = 64;
    /** The v2.0 footer version Lance's writer puts on v2.0 files. */
    static final int MAJOR = 0;
    static final int MINOR = 3;

    private LanceFileWriter() {
    }

    public static void write(Path file, List<LanceColumn> columns, Map<String, String> schemaMetadata) {
        try {
            Files.write(file, write(columns, schemaMetadata, DEFAULT_ROWS_PER_PAGE));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static byte[] write(List<LanceColumn> columns, Map<String, String> schemaMetadata) {
        return write(columns, schemaMetadata, DEFAULT_ROWS_PER_PAGE);
    }

    /** The file's bytes; every column must have the same number of rows, cut into pages of {@code rowsPerPage}. */
    public static byte[] write(List<LanceColumn> columns, Map<String, String> schemaMetadata, int rowsPerPage) {
        if (rowsPerPage < 1) {
            throw new IllegalArgumentException("rows per page must be at least 1: " + rowsPerPage);
        }
        int rows = columns.isEmpty() ? 0 : columns.get(0).rows();
        for (LanceColumn column : columns) {
            if (!writes(column.type())) {
                throw new IllegalArgumentException("column " + column.name() + " is " + column.type().logicalType()
                        + ": the kit's v2.0 writer writes variable-width and integer columns");
            }
            if (column.rows() != rows) {
                throw new IllegalArgumentException("column " + column.name() + " has " + column.rows()
                        + " rows, column " + columns.get(0).name() + " has " + rows);
            }
        }
        Out out = new Out();
        List<ColumnMetadata> metadatas = new ArrayList<>();
        for (LanceColumn column : columns) {
            ColumnMetadata.Builder metadata = ColumnMetadata.newBuilder()
                    .setEncoding(direct(ColumnEncoding.newBuilder().setValues(Empty.getDefaultInstance()).build(),
                            LanceFileReader.COLUMN_ENCODING_URL));
            for (int start = 0; start < rows; start += rowsPerPage) {
                List<Object> page = column.values().subList(start, Math.min(rows, start + rowsPerPage));
                metadata.addPages(page(out, column.type(), page, start));
            }
            metadatas.add(metadata.build());
        }
        long descriptorAt = out.position();
        byte[] descriptor = serialize(descriptor(columns, schemaMetadata, rows));
        out.write(descriptor);
        long columnMetaStart = out.position();
        List<long[]> spans = new ArrayList<>();
        for (ColumnMetadata metadata : metadatas) {
            byte[] bytes = serialize(metadata);
            spans.add(new long[] {out.position(), bytes.length});
            out.write(bytes);
        }
        long cmoTable = out.position();
        for (long[] span : spans) {
            out.writeLongs(span[0], span[1]);
        }
        long gboTable = out.position();
        out.writeLongs(descriptorAt, descriptor.length);
        out.write(new LanceFileFooter(columnMetaStart, cmoTable, gboTable, 1, columns.size(), MAJOR, MINOR).encode());
        return out.bytes.toByteArray();
    }

    /** Whether the writer writes columns of {@code type}: variable-width and integer ones. */
    public static boolean writes(LanceType type) {
        return type.kind() == LanceType.Kind.BYTES || type.kind() == LanceType.Kind.INTEGER;
    }

    private static ColumnMetadata.Page page(Out out, LanceType type, List<Object> values, long firstRow) {
        List<byte[]> buffers = new ArrayList<>();
        ArrayEncoding encoding = type.variableWidth() ? binary(values, buffers) : integers(type, values, buffers);
        ColumnMetadata.Page.Builder page = ColumnMetadata.Page.newBuilder()
                .setLength(values.size())
                .setPriority(firstRow)
                .setEncoding(direct(encoding, LanceFileReader.ARRAY_ENCODING_URL));
        for (byte[] buffer : buffers) {
            page.addBufferOffsets(out.position()).addBufferSizes(buffer.length);
            out.write(buffer);
            out.pad();
        }
        return page.build();
    }

    /** Nullable: no_nulls(Flat), all_nulls, or some_nulls(validity Flat 1 bit = buffer 0, Flat = buffer 1). */
    private static ArrayEncoding integers(LanceType type, List<Object> values, List<byte[]> buffers) {
        long nulls = values.stream().filter(v -> v == null).count();
        if (nulls == values.size()) {
            return ArrayEncoding.newBuilder().setNullable(Nullable.newBuilder()
                    .setAllNulls(Nullable.AllNull.getDefaultInstance())).build();
        }
        Nullable.Builder nullable = Nullable.newBuilder();
        if (nulls == 0) {
            nullable.setNoNulls(Nullable.NoNull.newBuilder().setValues(flat(type.bits(), buffers.size())));
        } else {
            ArrayEncoding validity = flat(1, buffers.size());
            buffers.add(validity(values));
            nullable.setSomeNulls(Nullable.SomeNull.newBuilder().setValidity(validity)
                    .setValues(flat(type.bits(), buffers.size())));
        }
        int width = type.bits() / 8;
        ByteBuffer data = ByteBuffer.allocate(values.size() * width).order(ByteOrder.LITTLE_ENDIAN);
        for (Object value : values) {
            long v = value == null ? 0 : (Long) value;
            switch (width) {
                case 1 -> data.put((byte) v);
                case 2 -> data.putShort((short) v);
                case 4 -> data.putInt((int) v);
                default -> data.putLong(v);
            }
        }
        buffers.add(data.array());
        return ArrayEncoding.newBuilder().setNullable(nullable).build();
    }

    /**
     * Binary: buffer 0 holds each row's end offset (u64, no leading 0; a null row's end is the previous end plus
     * {@code null_adjustment} = last end + 1), buffer 1 the concatenated bytes (binary.rs get_indices_from_string_arrays).
     */
    private static ArrayEncoding binary(List<Object> values, List<byte[]> buffers) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long[] ends = new long[values.size()];
        for (int row = 0; row < values.size(); row++) {
            if (values.get(row) != null) {
                bytes.writeBytes((byte[]) values.get(row));
            }
            ends[row] = bytes.size();
        }
        long nullAdjustment = bytes.size() + 1L;
        ByteBuffer indices = ByteBuffer.allocate(values.size() * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (int row = 0; row < values.size(); row++) {
            indices.putLong(values.get(row) == null ? ends[row] + nullAdjustment : ends[row]);
        }
        buffers.add(indices.array());
        buffers.add(bytes.toByteArray());
        ArrayEncoding indicesEncoding = ArrayEncoding.newBuilder().setNullable(Nullable.newBuilder()
                .setNoNulls(Nullable.NoNull.newBuilder().setValues(flat(64, 0)))).build();
        return ArrayEncoding.newBuilder().setBinary(Binary.newBuilder()
                .setIndices(indicesEncoding)
                .setBytes(flat(8, 1))
                .setNullAdjustment(nullAdjustment)).build();
    }

    private static byte[] validity(List<Object> values) {
        byte[] bits = new byte[(values.size() + 7) / 8];
        for (int row = 0; row < values.size(); row++) {
            if (values.get(row) != null) {
                bits[row / 8] |= (byte) (1 << (row % 8));
            }
        }
        return bits;
    }

    private static ArrayEncoding flat(int bits, int pageBuffer) {
        return ArrayEncoding.newBuilder().setFlat(Flat.newBuilder().setBitsPerValue(bits)
                .setBuffer(Buffer.newBuilder().setBufferIndex(pageBuffer).setBufferType(Buffer.BufferType.page))).build();
    }

    /** Lance keeps encodings as a google.protobuf.Any with a prost type URL ("/" + full name). */
    private static Encoding direct(Message message, String typeUrl) {
        Any any = Any.newBuilder().setTypeUrl(typeUrl).setValue(ByteString.copyFrom(serialize(message))).build();
        return Encoding.newBuilder().setDirect(DirectEncoding.newBuilder()
                .setEncoding(ByteString.copyFrom(serialize(any)))).build();
    }

    /**
     * Top-level fields with ids 0.. in column order, as Lance assigns them to a flat schema. {@code type} is left at 0
     * (PARENT), as Lance's writer leaves it for every field (lance-file datatypes.rs: {@code r#type: 0}).
     */
    private static FileDescriptor descriptor(List<LanceColumn> columns, Map<String, String> schemaMetadata, long rows) {
        Schema.Builder schema = Schema.newBuilder();
        for (int i = 0; i < columns.size(); i++) {
            LanceColumn column = columns.get(i);
            schema.addFields(Field.newBuilder().setName(column.name()).setId(i)
                    .setParentId(-1).setLogicalType(column.type().logicalType()).setNullable(column.nullable()));
        }
        new TreeMap<>(schemaMetadata).forEach((k, v) -> schema.putMetadata(k, ByteString.copyFrom(v, StandardCharsets.UTF_8)));
        return FileDescriptor.newBuilder().setSchema(schema).setLength(rows).build();
    }

    private static byte[] serialize(Message message) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            CodedOutputStream out = CodedOutputStream.newInstance(bytes);
            out.useDeterministicSerialization();
            message.writeTo(out);
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The file being written, with its position. */
    private static final class Out {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        long position() {
            return bytes.size();
        }

        void write(byte[] data) {
            bytes.writeBytes(data);
        }

        void writeLongs(long first, long second) {
            write(ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putLong(first).putLong(second).array());
        }

        void pad() {
            int pad = (ALIGNMENT - bytes.size() % ALIGNMENT) % ALIGNMENT;
            write(new byte[pad]);
        }
    }
}
