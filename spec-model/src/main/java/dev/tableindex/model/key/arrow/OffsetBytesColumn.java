package dev.tableindex.model.key.arrow;

import dev.tableindex.model.key.KeyBytes;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyWriter;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseVariableWidthVector;

/**
 * string and binary with int32 offsets (Utf8, Binary): row {@code r} is data bytes
 * {@code [offset[r], offset[r + 1])}. The sizing pass checks that the batch's offsets start at or after 0,
 * never decrease and end within the data buffer; the write pass then reads by address.
 */
final class OffsetBytesColumn extends KeyColumn {
    private static final int WIDTH = BaseVariableWidthVector.OFFSET_WIDTH;
    private final MemoryWords words = new MemoryWords();
    private long offsets;
    private long data;
    private long dataEnd;

    OffsetBytesColumn(BaseVariableWidthVector vector, KeyType type) {
        super(vector, type);
    }

    @Override
    void bindData(int from, int count) {
        ArrowBuf offsetBuffer = vector.getOffsetBuffer();
        Buffers.checkCovers(offsetBuffer, (from + count + 1L) * WIDTH, name(), "offset buffer", from + count);
        offsets = offsetBuffer.memoryAddress();
        ArrowBuf dataBuffer = vector.getDataBuffer();
        data = dataBuffer.memoryAddress();
        dataEnd = data + dataBuffer.capacity();
    }

    @Override
    int fixedLength() {
        return VARIABLE;
    }

    @Override
    void addLengths(int from, int count, Validity parent, int[] lengths) {
        boolean noNulls = noNulls(parent);
        long at = offsets + (long) from * WIDTH;
        int start = MemoryUtil.getInt(at);
        OffsetChecks.checkStart(name(), from, start);
        for (int i = 0; i < count; i++) {
            int end = MemoryUtil.getInt(at + (long) (i + 1) * WIDTH);
            int length = end - start;
            if (length < 0 || length > KeyBytes.MAX_VALUE_LENGTH) {
                throw OffsetChecks.badLength(name(), from + i, start, end);
            }
            lengths[i + 1] += noNulls || isValid(parent, from + i) ? KeyBytes.encodedLength(length) : 1;
            start = end;
        }
        OffsetChecks.checkEnd(name(), from + count - 1, start, dataEnd - data);
    }

    @Override
    void writeRow(int row, boolean structValid, KeyWriter out) {
        long at = offsets + (long) row * WIDTH;
        int start = MemoryUtil.getInt(at);
        int end = MemoryUtil.getInt(at + WIDTH);
        OffsetChecks.checkRow(name(), row, start, end, dataEnd - data); // a null row's offsets too, as in a batch
        if (!structValid || !validity.isValid(row)) {
            out.writeNull(type.kind());
            return;
        }
        out.writeBytes(end - start, words.at(data + start, dataEnd));
    }

    @Override
    void write(int from, int count, Validity parent, byte[] out, int[] cursors) {
        boolean noNulls = noNulls(parent);
        MemoryWords words = this.words;
        long data = this.data;
        long dataEnd = this.dataEnd;
        long at = offsets + (long) from * WIDTH;
        int start = MemoryUtil.getInt(at);
        for (int i = 0; i < count; i++) {
            int end = MemoryUtil.getInt(at + (long) (i + 1) * WIDTH);
            int pos = cursors[i + 1];
            if (!noNulls && !isValid(parent, from + i)) {
                out[pos] = KeyBytes.NULL;
                cursors[i + 1] = pos + 1;
            } else if (end == start) {
                out[pos] = KeyBytes.EMPTY;
                cursors[i + 1] = pos + 1;
            } else {
                cursors[i + 1] = words.put(out, pos, end - start, data + start, dataEnd);
            }
            start = end;
        }
    }
}
