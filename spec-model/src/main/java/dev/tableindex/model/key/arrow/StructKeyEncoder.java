package dev.tableindex.model.key.arrow;

import dev.tableindex.model.key.KeyRows;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyType.Kind;
import dev.tableindex.model.key.KeyWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Encodes the key tuples of an element struct (the struct inside a list column) straight from its Arrow
 * child vectors, ARROW_ROW_V1 (lance-list-element-index.md, "Key Encoding"): row {@code i}'s tuple is its
 * key fields' values in key order, and a null struct row is the tuple whose keys are all null ("Storage
 * Layout").
 *
 * <p>{@link #encodeBatch} works as arrow-row's {@code RowConverter} does, into a reused {@link KeyRows}:
 * first it sizes every tuple (fixed-width keys take 1 + W, variable-width ones their padded length),
 * checking on the way that the batch's Arrow buffers cover its rows and that offsets only increase and
 * stay within their data; then each key, column by column, writes its values at the tuples' cursors
 * (when every key is fixed-width, every tuple has the same length and each key its fixed place: no
 * sizing and no cursors).
 * Because every read was checked for the batch, the buffers are then read by address (Arrow's
 * {@code MemoryUtil}), without a check per value and without turning Arrow's bounds checks off globally.
 * Bad buffers give an {@link ArrowDataException}. {@link #encodeRow} makes the same checks for its one
 * row and writes with the same column writers straight into a {@link KeyWriter}.
 *
 * <p>The child vectors are held, their buffers looked up on each batch, so the encoder stays valid when
 * the vectors are refilled or reloaded (same vector objects); nothing may write them during a batch. One
 * encoder is not safe for concurrent use (it holds the batch's addresses); make one per thread.
 */
public final class StructKeyEncoder {
    private final StructVector struct;
    private final List<KeyType> types;
    private final KeyColumn[] columns;
    private final int fixedLength;
    private final boolean allFixedWidth;
    private final Validity structValidity = new Validity();

    /** Keys are the struct's children named {@code keyFields}, in that order. */
    public StructKeyEncoder(StructVector struct, List<String> keyFields) {
        this(struct, resolve(struct, keyFields));
    }

    /** Keys are the struct's children at {@code childIndexes}, in that order. */
    public StructKeyEncoder(StructVector struct, int... childIndexes) {
        this(struct, resolve(struct, childIndexes));
    }

    private StructKeyEncoder(StructVector struct, FieldVector[] children) {
        if (children.length == 0) {
            throw new IllegalArgumentException("an index key has at least one field");
        }
        this.struct = struct;
        this.columns = new KeyColumn[children.length];
        List<KeyType> keyTypes = new ArrayList<>(children.length);
        int fixed = 0;
        boolean allFixed = true;
        for (int k = 0; k < children.length; k++) {
            columns[k] = column(children[k]);
            keyTypes.add(columns[k].type);
            allFixed &= columns[k].fixedLength() != KeyColumn.VARIABLE;
            fixed += Math.max(0, columns[k].fixedLength());
        }
        this.allFixedWidth = allFixed;
        this.types = Collections.unmodifiableList(keyTypes);
        this.fixedLength = fixed;
    }

    /** The key types, in key order, from the fields' Arrow types ({@link ArrowKeyTypes#of(org.apache.arrow.vector.types.pojo.Field)}). */
    public List<KeyType> keyTypes() {
        return types;
    }

    /**
     * Encodes the tuples of rows {@code [from, from + count)} into {@code rows} (its previous content is
     * dropped): tuple {@code i} of {@code rows} is row {@code from + i}'s. When it throws, {@code rows} is empty.
     *
     * @return {@code rows}
     * @throws ArrowDataException when the struct's or a key's buffers do not hold those rows as their layout says
     * @throws IndexOutOfBoundsException when the rows are not rows of the struct
     */
    public KeyRows encodeBatch(int from, int count, KeyRows rows) {
        checkRows(from, count);
        try {
            structValidity.bind(struct.getValidityBuffer(), from, count, struct.getName());
            for (KeyColumn column : columns) {
                column.bind(from, count);
            }
            if (allFixedWidth) {
                writeFixedWidth(from, count, rows.fixedRows(count, fixedLength));
                return rows;
            }
            int[] cursors = rows.lengthsFor(count, fixedLength);
            for (KeyColumn column : columns) {
                if (column.fixedLength() == KeyColumn.VARIABLE) {
                    column.addLengths(from, count, structValidity, cursors);
                }
            }
            byte[] out = rows.startRows();
            for (KeyColumn column : columns) {
                column.write(from, count, structValidity, out, cursors);
            }
        } catch (RuntimeException e) {
            rows.clear();
            throw e;
        }
        return rows;
    }

    private void checkRows(int from, int count) {
        if (from < 0 || count < 0 || from > struct.getValueCount() - count) {
            throw new IndexOutOfBoundsException("rows " + from + " to " + (from + (long) count - 1) + " of the struct '"
                    + struct.getName() + "', which has " + struct.getValueCount());
        }
    }

    /** Every key fixed-width: tuple {@code i} is at {@code i * fixedLength}, each key at its place in it. */
    private void writeFixedWidth(int from, int count, byte[] out) {
        int position = 0;
        for (KeyColumn column : columns) {
            ((FixedWidthColumn) column).writeAt(from, count, structValidity, out, position, fixedLength);
            position += column.fixedLength();
        }
    }

    /**
     * Appends row {@code row}'s tuple to {@code out} (no reset: call {@link KeyWriter#reset()} per tuple).
     * For one-off use: the same checks as a batch, for this row, and the same writers, straight into
     * {@code out}; a loop over rows should encode batches. When it throws, {@code out} is as it was.
     */
    public void encodeRow(int row, KeyWriter out) {
        checkRows(row, 1);
        int size = out.size();
        try {
            structValidity.bind(struct.getValidityBuffer(), row, 1, struct.getName());
            boolean structValid = structValidity.isValid(row);
            for (KeyColumn column : columns) {
                column.bind(row, 1);
                column.writeRow(row, structValid, out);
            }
        } catch (RuntimeException e) {
            out.truncate(size);
            throw e;
        }
    }

    /** Row {@code row}'s tuple as a new array (convenience; a loop should encode batches). */
    public byte[] encodeRow(int row) {
        KeyWriter out = new KeyWriter(16 * columns.length);
        encodeRow(row, out);
        return out.toByteArray();
    }

    private static FieldVector[] resolve(StructVector struct, List<String> names) {
        FieldVector[] children = new FieldVector[names.size()];
        for (int k = 0; k < children.length; k++) {
            String name = names.get(k);
            children[k] = struct.getChild(name);
            if (children[k] == null) {
                throw new IllegalArgumentException("the struct '" + struct.getName() + "' has no field '" + name
                        + "'; its fields are " + struct.getChildFieldNames());
            }
        }
        return children;
    }

    private static FieldVector[] resolve(StructVector struct, int[] indexes) {
        FieldVector[] children = new FieldVector[indexes.length];
        for (int k = 0; k < indexes.length; k++) {
            int index = indexes[k];
            if (index < 0 || index >= struct.size()) {
                throw new IllegalArgumentException("the struct '" + struct.getName() + "' has " + struct.size()
                        + " fields " + struct.getChildFieldNames() + "; no field at index " + index);
            }
            children[k] = (FieldVector) struct.getChildByOrdinal(index);
        }
        return children;
    }

    private static KeyColumn column(FieldVector vector) {
        KeyType type = ArrowKeyTypes.ofVectorField(vector.getField());
        Kind kind = type.kind();
        if (kind == Kind.BOOL) {
            return new BoolColumn(expect(vector, BitVector.class, type), type);
        }
        if (!kind.variableWidth()) {
            BaseFixedWidthVector fixed = expect(vector, BaseFixedWidthVector.class, type);
            if (fixed.getTypeWidth() != kind.width()) {
                throw mismatch(vector, type);
            }
            return kind == Kind.FLOAT || kind == Kind.DOUBLE ? new FloatColumn(fixed, type) : new IntegerColumn(fixed, type);
        }
        if (vector instanceof BaseVariableWidthVector v) {
            return new OffsetBytesColumn(v, type);
        }
        if (vector instanceof BaseLargeVariableWidthVector v) {
            return new LargeOffsetBytesColumn(v, type);
        }
        if (vector instanceof BaseVariableWidthViewVector v) {
            return new ViewBytesColumn(v, type);
        }
        throw mismatch(vector, type);
    }

    private static <V> V expect(ValueVector vector, Class<V> layout, KeyType type) {
        if (!layout.isInstance(vector)) {
            throw mismatch(vector, type);
        }
        return layout.cast(vector);
    }

    private static IllegalArgumentException mismatch(ValueVector vector, KeyType type) {
        return new IllegalArgumentException("field '" + vector.getName() + "' of key type " + type + " is held in a "
                + vector.getClass().getSimpleName() + ", which does not have that type's layout");
    }
}
