package dev.tableindex.model.lancefile.v21;

import dev.tableindex.model.lancefile.LanceType;
import dev.tableindex.proto.lance.encodings21.FullZipLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * The full-zip layout (Lance {@code primitive.rs} FullZipScheduler, Fixed/VariableFullZipDecoder) of a top-level
 * column: page buffer 0 holds one entry per item, its control word (the definition level in {@code bits_def} bits,
 * as 0, 1, 2 or 4 bytes), then for a fixed-width value its {@code bits_per_value / 8} bytes (null ones too), for a
 * variable-width valid value its length ({@code bits_per_offset / 8} bytes) and its bytes (a null one has
 * neither). Buffer 1, the repetition index, only locates rows and is not needed to read the whole page.
 */
final class FullZipLayoutDecoder {
    private final FullZipLayout layout;
    private final PageBuffers buffers;
    private final LanceType type;
    private final PageContext page;

    FullZipLayoutDecoder(FullZipLayout layout, PageBuffers buffers, LanceType type, PageContext page) {
        this.layout = layout;
        this.buffers = buffers;
        this.type = type;
        this.page = page;
    }

    List<Object> decode(long rows) {
        if (layout.getBitsRep() != 0) {
            throw page.unreadable("full-zip layout with repetition levels (a list)");
        }
        boolean nullable = ItemLayers.nullable(layout.getLayersList(), page);
        if (Integer.toUnsignedLong(layout.getNumItems()) != rows
                || Integer.toUnsignedLong(layout.getNumVisibleItems()) != rows) {
            throw page.bad(page.metadataAt(), "full-zip layout of " + Integer.toUnsignedString(layout.getNumItems())
                    + " items (" + Integer.toUnsignedString(layout.getNumVisibleItems()) + " visible) in a page of "
                    + rows + " rows");
        }
        int bitsDef = layout.getBitsDef();
        if (bitsDef < 0 || bitsDef > 16) {
            throw page.bad(page.metadataAt(), "full-zip control words of " + Integer.toUnsignedString(bitsDef)
                    + " definition bits");
        }
        int wordBytes = bitsDef == 0 ? 0 : bitsDef <= 8 ? 1 : 2;
        if (!layout.hasValueCompression()) {
            throw page.bad(page.metadataAt(), "full-zip layout without a value compression");
        }
        Slice data = buffers.get(0, "zipped values");
        return switch (layout.getDetailsCase()) {
            case BITS_PER_VALUE -> fixed(data, (int) rows, wordBytes, nullable);
            case BITS_PER_OFFSET -> variable(data, (int) rows, wordBytes, nullable);
            case DETAILS_NOT_SET -> throw page.bad(page.metadataAt(), "full-zip layout with neither bits per value"
                    + " nor bits per offset");
        };
    }

    private List<Object> fixed(Slice data, int rows, int wordBytes, boolean nullable) {
        int bits = new Decoders(page).fixedPerValueBits(layout.getValueCompression());
        if (bits != Integer.toUnsignedLong(layout.getBitsPerValue()) || bits % 8 != 0) {
            throw page.bad(page.metadataAt(), "full-zip values of " + Integer.toUnsignedString(layout.getBitsPerValue())
                    + " bits encoded as " + bits + "-bit flat values");
        }
        int width = bits / 8;
        long entry = (long) wordBytes + width;
        if (entry * rows != data.length()) {
            throw page.bad(data.offsetOf(0), rows + " full-zip entries of " + entry + " bytes in a " + data.length()
                    + "-byte buffer");
        }
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            long at = i * entry;
            boolean valid = wordBytes == 0 || !nullable
                    || ItemLayers.valid(data.word((int) at, wordBytes), page, data.offsetOf((int) at));
            DataBlock.Fixed value = FlatDecoder.decode(data.slice(at + wordBytes, width, "full-zip value"), bits, 1);
            out.add(valid ? ColumnValues.value(value, 0, type, page, data.offsetOf((int) at)) : null);
        }
        return out;
    }

    private List<Object> variable(Slice data, int rows, int wordBytes, boolean nullable) {
        int lengthBits = layout.getBitsPerOffset();
        if (lengthBits != 8 && lengthBits != 16 && lengthBits != 32 && lengthBits != 64) {
            throw page.bad(page.metadataAt(), "full-zip lengths of " + Integer.toUnsignedString(lengthBits) + " bits");
        }
        Decoders.VariablePerValueDecoder decoder = new Decoders(page).variablePerValue(layout.getValueCompression());
        int lengthBytes = lengthBits / 8;
        boolean[] valid = new boolean[rows];
        long[] offsets = new long[rows + 1];
        List<Slice> values = new ArrayList<>();
        long at = 0;
        for (int i = 0; i < rows; i++) {
            valid[i] = wordBytes == 0 || !nullable
                    || ItemLayers.valid(data.word((int) at, wordBytes), page, data.offsetOf((int) at));
            at += wordBytes;
            long length = 0;
            if (valid[i]) {
                length = data.word((int) at, lengthBytes);
                if (length < 0 || length > data.length() - at - lengthBytes) {
                    throw page.bad(data.offsetOf((int) at), "full-zip value " + i + " of "
                            + Long.toUnsignedString(length) + " bytes runs past its buffer");
                }
                at += lengthBytes;
                values.add(data.slice(at, length, "full-zip value"));
                at += length;
            }
            offsets[i + 1] = offsets[i] + length;
        }
        if (at != data.length()) {
            throw page.bad(data.offsetOf((int) at), "full-zip buffer has " + (data.length() - at)
                    + " bytes after its " + rows + " entries");
        }
        page.take(offsets[rows], data.offsetOf(0), "full-zip values");
        byte[] bytes = new byte[(int) offsets[rows]];
        int written = 0;
        for (Slice value : values) {
            System.arraycopy(value.copy(), 0, bytes, written, value.length());
            written += value.length();
        }
        DataBlock.Variable decoded = decoder.decode(new DataBlock.Variable(offsets, bytes), data.offsetOf(0));
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            out.add(valid[i] ? ColumnValues.value(decoded, i, type, page, data.offsetOf(0)) : null);
        }
        return out;
    }
}
