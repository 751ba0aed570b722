package dev.tableindex.model.key.arrow;

import dev.tableindex.model.key.KeyBytes;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyWriter;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseVariableWidthViewVector;

/**
 * Utf8View and BinaryView: 16-byte views, {@code [length:4][inline bytes:12]} for up to 12 bytes, else
 * {@code [length:4][prefix:4][buffer index:4][offset:4]} into the variadic data buffers. The sizing pass
 * checks each valid row's view (length not negative; buffer index and byte range within the buffers).
 */
final class ViewBytesColumn extends KeyColumn {
    private static final int VIEW = BaseVariableWidthViewVector.ELEMENT_SIZE;
    private static final int INLINE = BaseVariableWidthViewVector.INLINE_SIZE;
    private static final int LENGTH = BaseVariableWidthViewVector.LENGTH_WIDTH;
    private static final int BUFFER_INDEX = LENGTH + BaseVariableWidthViewVector.PREFIX_WIDTH;
    private static final int OFFSET = BUFFER_INDEX + BaseVariableWidthViewVector.BUF_INDEX_WIDTH;

    private final MemoryWords words = new MemoryWords();
    private long views;
    private long viewsEnd;
    private long[] bufferAddresses = new long[4];
    private long[] bufferCapacities = new long[4];
    private int buffers;

    ViewBytesColumn(BaseVariableWidthViewVector vector, KeyType type) {
        super(vector, type);
    }

    @Override
    void bindData(int from, int count) {
        ArrowBuf viewBuffer = vector.getDataBuffer();
        Buffers.checkCovers(viewBuffer, (from + (long) count) * VIEW, name(), "views buffer", from + count);
        views = viewBuffer.memoryAddress();
        viewsEnd = views + viewBuffer.capacity();
        List<ArrowBuf> dataBuffers = ((BaseVariableWidthViewVector) vector).getDataBuffers();
        buffers = dataBuffers.size();
        if (bufferAddresses.length < buffers) {
            bufferAddresses = new long[buffers];
            bufferCapacities = new long[buffers];
        }
        for (int b = 0; b < buffers; b++) {
            bufferAddresses[b] = dataBuffers.get(b).memoryAddress();
            bufferCapacities[b] = dataBuffers.get(b).capacity();
        }
    }

    @Override
    int fixedLength() {
        return VARIABLE;
    }

    @Override
    void addLengths(int from, int count, Validity parent, int[] lengths) {
        boolean noNulls = noNulls(parent);
        for (int i = 0; i < count; i++) {
            int row = from + i;
            if (noNulls || isValid(parent, row)) {
                lengths[i + 1] += KeyBytes.encodedLength(checkedLength(row));
            } else {
                lengths[i + 1] += 1;
            }
        }
    }

    private int checkedLength(int row) {
        long view = views + (long) row * VIEW;
        int length = MemoryUtil.getInt(view);
        if (length < 0 || length > KeyBytes.MAX_VALUE_LENGTH) {
            throw new ArrowDataException("field '" + name() + "': row " + row + "'s view has length " + length);
        }
        if (length > INLINE) {
            int index = MemoryUtil.getInt(view + BUFFER_INDEX);
            int offset = MemoryUtil.getInt(view + OFFSET);
            if (index < 0 || index >= buffers) {
                throw new ArrowDataException("field '" + name() + "': row " + row + "'s view names data buffer " + index
                        + "; the vector has " + buffers);
            }
            if (offset < 0 || offset + (long) length > bufferCapacities[index]) {
                throw new ArrowDataException("field '" + name() + "': row " + row + "'s view reads bytes [" + offset + ", "
                        + (offset + (long) length) + ") of data buffer " + index + ", which has " + bufferCapacities[index]);
            }
        }
        return length;
    }

    @Override
    void write(int from, int count, Validity parent, byte[] out, int[] cursors) {
        boolean noNulls = noNulls(parent);
        for (int i = 0; i < count; i++) {
            int row = from + i;
            int pos = cursors[i + 1];
            long view = views + (long) row * VIEW;
            int length = MemoryUtil.getInt(view);
            if (!noNulls && !isValid(parent, row)) {
                out[pos] = KeyBytes.NULL;
                cursors[i + 1] = pos + 1;
            } else if (length == 0) {
                out[pos] = KeyBytes.EMPTY;
                cursors[i + 1] = pos + 1;
            } else {
                cursors[i + 1] = words.put(out, pos, length, valueAddress(view, length), bufferEnd(view, length));
            }
        }
    }

    @Override
    void writeRow(int row, boolean structValid, KeyWriter out) {
        if (!structValid || !validity.isValid(row)) {
            out.writeNull(type.kind());
            return;
        }
        int length = checkedLength(row);
        long view = views + (long) row * VIEW;
        out.writeBytes(length, words.at(valueAddress(view, length), bufferEnd(view, length)));
    }

    /** Where the value of the (checked) view at {@code view} starts: inline, or in its data buffer. */
    private long valueAddress(long view, int length) {
        if (length <= INLINE) {
            return view + LENGTH;
        }
        return bufferAddresses[MemoryUtil.getInt(view + BUFFER_INDEX)] + MemoryUtil.getInt(view + OFFSET);
    }

    /** The end of the buffer that holds the value of the view at {@code view}. */
    private long bufferEnd(long view, int length) {
        if (length <= INLINE) {
            return viewsEnd;
        }
        int index = MemoryUtil.getInt(view + BUFFER_INDEX);
        return bufferAddresses[index] + bufferCapacities[index];
    }
}
