package dev.tableindex.model.anyelement.arrow;

import com.google.protobuf.ByteString;
import dev.tableindex.model.anyelement.AnyElement;
import dev.tableindex.model.anyelement.ElementSchema;
import dev.tableindex.model.anyelement.ListTable;
import dev.tableindex.model.anyelement.TruthValue;
import dev.tableindex.model.key.Float32;
import dev.tableindex.model.key.Float64;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyType.Kind;
import dev.tableindex.model.key.KeyValueException;
import dev.tableindex.model.key.KeyValues;
import dev.tableindex.model.key.arrow.ArrowKeyTypes;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * A list&lt;struct&gt; column held in Arrow vectors, as a {@link ListTable}, and back: the Arrow path of
 * {@code any_element} (lance-list-element-index.md, "Accelerated Queries"), which answers as the JSON
 * table path does because both evaluate the same {@link ListTable}.
 *
 * <p>Accepted: a {@link ListVector} (Arrow {@code List}) or {@link LargeListVector} ({@code LargeList})
 * whose data vector is a {@link StructVector}; the struct's children are the element's fields, their
 * key types from their Arrow types ({@link ArrowKeyTypes}, view types included). Values are read from
 * the vectors' buffers as the model's Java values ({@link KeyValues}): floats by their raw bits (NaN
 * payloads survive), unsigned integers as their unsigned bits in a {@code Long}, dates and timestamps
 * as their stored value, strings decoded from UTF-8 (strictly), binary as a {@link ByteString}.
 */
public final class ArrowLists {
    /** What {@link #read} accepts, for error messages. */
    public static final String ACCEPTED = "a ListVector (List) or LargeListVector (LargeList) whose data vector is a "
            + "StructVector (Struct) with key-typed children (" + ArrowKeyTypes.ACCEPTED + ")";

    /** The name of the list's data (element) field in vectors built by {@link #write}. */
    public static final String ELEMENT_FIELD = "element";

    private ArrowLists() {
    }

    // ----- Arrow to ListTable -----

    /**
     * The list column {@code list} as a table named {@code column}: a null list is a null row, a null
     * struct a null element, a null child value a null field.
     *
     * @throws IllegalArgumentException naming what was found and what is accepted, when {@code list} is
     *     not a list of structs, the struct has no fields, or a child's vector does not have its type's
     *     layout; {@link KeyType.KeyTypeException} naming the field, when a child's type cannot be a key
     */
    public static ListTable read(String column, ValueVector list) {
        if (list == null) {
            throw new IllegalArgumentException("no vector; expected " + ACCEPTED);
        }
        String name = column == null ? list.getName() : column;
        Offsets offsets;
        ValueVector data;
        if (list instanceof ListVector v) {
            data = v.getDataVector();
            ArrowBuf buffer = v.getOffsetBuffer();
            offsets = row -> buffer.getInt((long) row * ListVector.OFFSET_WIDTH);
        } else if (list instanceof LargeListVector v) {
            data = v.getDataVector();
            ArrowBuf buffer = v.getOffsetBuffer();
            offsets = row -> buffer.getLong((long) row * LargeListVector.OFFSET_WIDTH);
        } else {
            throw new IllegalArgumentException("column '" + name + "' is an Arrow " + describe(list)
                    + "; expected " + ACCEPTED);
        }
        if (!(data instanceof StructVector struct)) {
            throw new IllegalArgumentException("column '" + name + "' is an Arrow " + describe(list) + " of "
                    + describe(data) + ", not of structs; expected " + ACCEPTED);
        }
        List<FieldVector> children = struct.getChildrenFromFields();
        if (children.isEmpty()) {
            throw new IllegalArgumentException("column '" + name + "': the element struct has no fields; "
                    + "an element has at least one field");
        }
        List<ElementSchema.Field> fields = new ArrayList<>(children.size());
        Reader[] readers = new Reader[children.size()];
        for (int f = 0; f < readers.length; f++) {
            FieldVector child = children.get(f);
            readers[f] = reader(child);
            fields.add(new ElementSchema.Field(child.getName(), readers[f].type));
        }
        ElementSchema schema = new ElementSchema(fields);

        int rowCount = list.getValueCount();
        long elementCount = struct.getValueCount();
        List<List<Object[]>> rows = new ArrayList<>(rowCount);
        for (int r = 0; r < rowCount; r++) {
            if (list.isNull(r)) {
                rows.add(null);
                continue;
            }
            long start = offsets.at(r);
            long end = offsets.at(r + 1);
            if (start < 0 || end < start || end > elementCount) {
                throw new IllegalArgumentException("column '" + name + "' row " + r + ": offsets [" + start
                        + ", " + end + ") are not within the " + elementCount + " elements of the struct vector");
            }
            List<Object[]> elements = new ArrayList<>((int) (end - start));
            for (long e = start; e < end; e++) {
                int index = Math.toIntExact(e);
                if (struct.isNull(index)) {
                    elements.add(null);
                    continue;
                }
                Object[] values = new Object[readers.length];
                for (int f = 0; f < readers.length; f++) {
                    values[f] = readers[f].read(index);
                }
                elements.add(values);
            }
            rows.add(Collections.unmodifiableList(elements));
        }
        return new ListTable(name, schema, Collections.unmodifiableList(rows));
    }

    /** {@link #read} with the vector's own name as the column name. */
    public static ListTable read(ValueVector list) {
        return read(list == null ? null : list.getName(), list);
    }

    /**
     * {@code any_element(list, predicate)} (or, {@code negated}, its NOT) on every row of the Arrow list
     * column, in row order: {@link AnyElement#evaluate} over {@link #read}.
     */
    public static List<TruthValue> evaluate(ValueVector list, String predicate, boolean negated) {
        return AnyElement.evaluate(read(list), predicate, negated);
    }

    @FunctionalInterface
    private interface Offsets {
        long at(int row);
    }

    private static String describe(ValueVector vector) {
        if (vector == null) {
            return "nothing";
        }
        String type = vector instanceof FieldVector f ? " (" + f.getField().getType() + ")" : "";
        return vector.getClass().getSimpleName() + type;
    }

    /** Reads one child's values; the type is chosen once per child, not per value. */
    private abstract static class Reader {
        final KeyType type;
        final ValueVector vector;

        Reader(KeyType type, ValueVector vector) {
            this.type = type;
            this.vector = vector;
        }

        final Object read(int index) {
            return vector.isNull(index) ? null : value(index);
        }

        abstract Object value(int index);
    }

    @FunctionalInterface
    private interface FixedRead {
        Object read(ArrowBuf data, int index);
    }

    private static Reader reader(FieldVector child) {
        Field field = child.getField();
        KeyType type = ArrowKeyTypes.ofVectorField(field);
        Kind kind = type.kind();
        if (kind == Kind.BOOL) {
            if (!(child instanceof BitVector bits)) {
                throw mismatch(child, type);
            }
            return new Reader(type, bits) {
                @Override
                Object value(int index) {
                    return bits.get(index) != 0;
                }
            };
        }
        if (!kind.variableWidth()) {
            if (!(child instanceof BaseFixedWidthVector fixed) || fixed.getTypeWidth() != kind.width()) {
                throw mismatch(child, type);
            }
            FixedRead read = switch (kind) {
                case FLOAT -> (d, i) -> new Float32(d.getInt((long) i * 4));
                case DOUBLE -> (d, i) -> new Float64(d.getLong((long) i * 8));
                case INT8 -> (d, i) -> (long) d.getByte(i);
                case INT16 -> (d, i) -> (long) d.getShort((long) i * 2);
                case INT32, DATE32 -> (d, i) -> (long) d.getInt((long) i * 4);
                case UINT8 -> (d, i) -> d.getByte(i) & 0xFFL;
                case UINT16 -> (d, i) -> d.getShort((long) i * 2) & 0xFFFFL;
                case UINT32 -> (d, i) -> d.getInt((long) i * 4) & 0xFFFF_FFFFL;
                default -> (d, i) -> d.getLong((long) i * 8); // int64, uint64 (its bits), date64, timestamp
            };
            return new Reader(type, fixed) {
                @Override
                Object value(int index) {
                    return read.read(fixed.getDataBuffer(), index);
                }
            };
        }
        boolean utf8 = kind.utf8();
        if (child instanceof BaseVariableWidthVector v) {
            return new Reader(type, v) {
                @Override
                Object value(int index) {
                    ArrowBuf offsets = v.getOffsetBuffer();
                    long at = (long) index * BaseVariableWidthVector.OFFSET_WIDTH;
                    int start = offsets.getInt(at);
                    int length = offsets.getInt(at + BaseVariableWidthVector.OFFSET_WIDTH) - start;
                    byte[] bytes = new byte[length];
                    v.getDataBuffer().getBytes(start, bytes, 0, length);
                    return javaValue(utf8, bytes, v, index);
                }
            };
        }
        if (child instanceof BaseLargeVariableWidthVector v) {
            return new Reader(type, v) {
                @Override
                Object value(int index) {
                    ArrowBuf offsets = v.getOffsetBuffer();
                    long at = (long) index * BaseLargeVariableWidthVector.OFFSET_WIDTH;
                    long start = offsets.getLong(at);
                    long length = offsets.getLong(at + BaseLargeVariableWidthVector.OFFSET_WIDTH) - start;
                    if (length > Integer.MAX_VALUE - 8) {
                        throw new IllegalArgumentException("field '" + v.getName() + "' element " + index + ": a value of "
                                + length + " bytes is too long to read into memory");
                    }
                    byte[] bytes = new byte[(int) length];
                    v.getDataBuffer().getBytes(start, bytes, 0, bytes.length);
                    return javaValue(utf8, bytes, v, index);
                }
            };
        }
        if (child instanceof BaseVariableWidthViewVector v) {
            // 16-byte views: [length:4][inline bytes:12] up to 12 bytes, else
            // [length:4][prefix:4][buffer index:4][offset:4] into the variadic data buffers
            return new Reader(type, v) {
                @Override
                Object value(int index) {
                    ArrowBuf views = v.getDataBuffer();
                    long view = (long) index * BaseVariableWidthViewVector.ELEMENT_SIZE;
                    int length = views.getInt(view);
                    byte[] bytes = new byte[length];
                    if (length <= BaseVariableWidthViewVector.INLINE_SIZE) {
                        views.getBytes(view + BaseVariableWidthViewVector.LENGTH_WIDTH, bytes, 0, length);
                    } else {
                        long at = view + BaseVariableWidthViewVector.LENGTH_WIDTH + BaseVariableWidthViewVector.PREFIX_WIDTH;
                        int bufferIndex = views.getInt(at);
                        int offset = views.getInt(at + BaseVariableWidthViewVector.BUF_INDEX_WIDTH);
                        v.getDataBuffers().get(bufferIndex).getBytes(offset, bytes, 0, length);
                    }
                    return javaValue(utf8, bytes, v, index);
                }
            };
        }
        throw mismatch(child, type);
    }

    private static Object javaValue(boolean utf8, byte[] bytes, ValueVector vector, int index) {
        if (!utf8) {
            return ByteString.copyFrom(bytes);
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("field '" + vector.getName() + "' element " + index
                    + ": the string is not valid UTF-8");
        }
    }

    private static IllegalArgumentException mismatch(ValueVector vector, KeyType type) {
        return new IllegalArgumentException("field '" + vector.getName() + "' of key type " + type + " is held in a "
                + vector.getClass().getSimpleName() + ", which does not have that type's layout");
    }

    // ----- ListTable to Arrow -----

    /**
     * The table as a new {@link ListVector} named after its column (the caller closes it): a List of a
     * Struct named {@value #ELEMENT_FIELD} whose children are the element's fields, of their
     * {@link ArrowKeyTypes#toArrow plain} Arrow types; floats written by their raw bits.
     *
     * @throws KeyValueException naming the row, element and field of a value that does not fit its type
     */
    public static ListVector write(ListTable table, BufferAllocator allocator) {
        return (ListVector) write(table, allocator, false, false);
    }

    /** {@link #write}, as a {@link LargeListVector}. */
    public static LargeListVector writeLarge(ListTable table, BufferAllocator allocator) {
        return (LargeListVector) write(table, allocator, true, false);
    }

    /**
     * The table as a new {@link ListVector} ({@code large} false) or {@link LargeListVector}; with
     * {@code views}, string and binary fields as Utf8View and BinaryView (large_string and large_binary
     * stay LargeUtf8 and LargeBinary, which have no view type). The caller closes the vector.
     */
    public static FieldVector write(ListTable table, BufferAllocator allocator, boolean large, boolean views) {
        List<Field> children = new ArrayList<>();
        for (ElementSchema.Field field : table.element().fields()) {
            children.add(new Field(field.name(), FieldType.nullable(arrowType(field.type(), views)), null));
        }
        Field element = new Field(ELEMENT_FIELD, FieldType.nullable(ArrowType.Struct.INSTANCE), children);
        ArrowType listType = large ? ArrowType.LargeList.INSTANCE : ArrowType.List.INSTANCE;
        Field listField = new Field(table.column(), FieldType.nullable(listType), List.of(element));
        FieldVector vector = listField.createVector(allocator);
        try {
            if (large) {
                fill((LargeListVector) vector, table);
            } else {
                fill((ListVector) vector, table);
            }
            return vector;
        } catch (RuntimeException e) {
            vector.close();
            throw e;
        }
    }

    private static ArrowType arrowType(KeyType type, boolean views) {
        if (views && type.kind() == Kind.STRING) {
            return ArrowType.Utf8View.INSTANCE;
        }
        if (views && type.kind() == Kind.BINARY) {
            return ArrowType.BinaryView.INSTANCE;
        }
        return ArrowKeyTypes.toArrow(type);
    }

    private static void fill(ListVector list, ListTable table) {
        list.allocateNew();
        fill(table, (StructVector) list.getDataVector(), list::startNewValue, list::endValue, list::setNull);
        list.setValueCount(table.rows().size());
    }

    private static void fill(LargeListVector list, ListTable table) {
        list.allocateNew();
        fill(table, (StructVector) list.getDataVector(), list::startNewValue, list::endValue, list::setNull);
        list.setValueCount(table.rows().size());
    }

    /** What filling needs of a list vector: List and LargeList have these calls but no common type. */
    @FunctionalInterface
    private interface StartRow {
        long start(int row);
    }

    @FunctionalInterface
    private interface EndRow {
        void end(int row, int size);
    }

    private static void fill(ListTable table, StructVector struct, StartRow start, EndRow end,
                             java.util.function.IntConsumer setNull) {
        int next = 0;
        for (int r = 0; r < table.rows().size(); r++) {
            List<Object[]> row = table.rows().get(r);
            long offset = start.start(r);
            if (offset != next) {
                throw new IllegalStateException("offset " + offset + " at row " + r + ", expected " + next);
            }
            int size = row == null ? 0 : row.size();
            for (int e = 0; e < size; e++) {
                setElement(struct, next + e, row.get(e), table, r, e);
            }
            next += size;
            end.end(r, size);
            if (row == null) {
                setNull.accept(r);
            }
        }
        finish(struct, next);
    }

    private static void finish(StructVector struct, int elements) {
        for (FieldVector child : struct.getChildrenFromFields()) {
            child.setValueCount(elements);
        }
        struct.setValueCount(elements);
    }

    private static void setElement(StructVector struct, int index, Object[] element, ListTable table, int row, int e) {
        List<FieldVector> children = struct.getChildrenFromFields();
        List<ElementSchema.Field> fields = table.element().fields();
        if (element == null) {
            struct.setNull(index);
            for (FieldVector child : children) {
                setNull(child, index);
            }
            return;
        }
        if (element.length != fields.size()) {
            throw new KeyValueException("row " + row + ", element " + e + ": " + element.length + " values for the "
                    + fields.size() + " fields " + table.element().names());
        }
        struct.setIndexDefined(index);
        for (int f = 0; f < element.length; f++) {
            Object value;
            try {
                value = KeyValues.check(fields.get(f).type(), element[f]);
            } catch (KeyValueException ex) {
                throw new KeyValueException("row " + row + ", element " + e + ", field " + fields.get(f).name() + ": "
                        + ex.getMessage());
            }
            try {
                set(children.get(f), index, fields.get(f).type(), value);
            } catch (CharacterCodingException ex) {
                throw new KeyValueException("row " + row + ", element " + e + ", field " + fields.get(f).name()
                        + ": the string is not well-formed UTF-16 (an unpaired surrogate), so it has no UTF-8 bytes");
            }
        }
    }

    private static void setNull(FieldVector vector, int index) {
        if (vector instanceof BaseFixedWidthVector v) {
            v.setNull(index);
        } else if (vector instanceof BaseVariableWidthVector v) {
            v.setNull(index);
        } else if (vector instanceof BaseLargeVariableWidthVector v) {
            v.setNull(index);
        } else if (vector instanceof BaseVariableWidthViewVector v) {
            v.setNull(index);
        } else {
            throw new IllegalStateException("unexpected child vector " + vector.getClass().getName());
        }
    }

    /** Writes a checked Java key value; fixed-width values go straight into the data buffer, floats by their bits. */
    private static void set(FieldVector vector, int index, KeyType type, Object value) throws CharacterCodingException {
        if (value == null) {
            setNull(vector, index);
            return;
        }
        Kind kind = type.kind();
        if (kind == Kind.BOOL) {
            ((BitVector) vector).setSafe(index, (Boolean) value ? 1 : 0);
            return;
        }
        if (!kind.variableWidth()) {
            BaseFixedWidthVector fixed = (BaseFixedWidthVector) vector;
            while (index >= fixed.getValueCapacity()) {
                fixed.reAlloc();
            }
            ArrowBuf data = fixed.getDataBuffer();
            long at = (long) index * kind.width();
            switch (kind) {
                case FLOAT -> data.setInt(at, ((Float32) value).bits()); // a float's setSafe may quiet a signalling NaN
                case DOUBLE -> data.setLong(at, ((Float64) value).bits());
                default -> {
                    long bits = (Long) value;
                    switch (kind.width()) {
                        case 1 -> data.setByte(at, (byte) bits);
                        case 2 -> data.setShort(at, (short) bits);
                        case 4 -> data.setInt(at, (int) bits);
                        default -> data.setLong(at, bits);
                    }
                }
            }
            fixed.setIndexDefined(index);
            return;
        }
        byte[] bytes = value instanceof String s ? utf8(s) : ((ByteString) value).toByteArray();
        if (vector instanceof BaseVariableWidthVector v) {
            v.setSafe(index, bytes);
        } else if (vector instanceof BaseLargeVariableWidthVector v) {
            v.setSafe(index, bytes);
        } else {
            ((BaseVariableWidthViewVector) vector).setSafe(index, bytes);
        }
    }

    /** The UTF-8 bytes of {@code s}; strict, where {@code getBytes} would write '?' for an unpaired surrogate. */
    private static byte[] utf8(String s) throws CharacterCodingException {
        ByteBuffer encoded = StandardCharsets.UTF_8.newEncoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).encode(CharBuffer.wrap(s));
        byte[] bytes = new byte[encoded.remaining()];
        encoded.get(bytes);
        return bytes;
    }
}
