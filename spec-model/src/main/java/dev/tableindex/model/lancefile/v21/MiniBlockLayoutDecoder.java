package dev.tableindex.model.lancefile.v21;

import dev.tableindex.model.lancefile.LanceType;
import dev.tableindex.proto.lance.encodings21.CompressiveEncoding;
import dev.tableindex.proto.lance.encodings21.MiniBlockLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * The mini-block layout (Lance {@code primitive.rs} MiniBlockScheduler and DecodeMiniBlockTask) of a top-level
 * column. Page buffer 0 has one u16 word per chunk: the chunk's size in 8-byte words minus one (upper 12 bits) and
 * log2 of its value count (lower 4 bits; the last chunk holds the rest). Buffer 1 holds the chunks, 8-byte
 * aligned, each: the number of levels (u16), the definition buffer's size (u16, when there are definition levels),
 * each value buffer's size (u16), padding to 8, then the definition buffer and the value buffers, each padded to 8.
 * Buffer 2, when the layout has a dictionary, holds its values; the chunks then hold indices into it.
 */
final class MiniBlockLayoutDecoder {
    private static final int ALIGNMENT = 8;

    private final MiniBlockLayout layout;
    private final PageBuffers buffers;
    private final LanceType type;
    private final PageContext page;
    private final Decoders decoders;

    MiniBlockLayoutDecoder(MiniBlockLayout layout, PageBuffers buffers, LanceType type, PageContext page) {
        this.layout = layout;
        this.buffers = buffers;
        this.type = type;
        this.page = page;
        this.decoders = new Decoders(page);
    }

    List<Object> decode(long rows) {
        if (layout.getHasLargeChunk()) {
            throw page.unreadable("mini-block layout with large chunks (Lance 2.2)");
        }
        if (layout.hasRepCompression() || layout.getRepetitionIndexDepth() != 0) {
            throw page.unreadable("mini-block layout with repetition levels (a list)");
        }
        boolean nullable = ItemLayers.nullable(layout.getLayersList(), page);
        if (layout.getNumItems() != rows) {
            throw page.bad(page.metadataAt(), "mini-block layout of " + Long.toUnsignedString(layout.getNumItems())
                    + " items in a page of " + rows + " rows");
        }
        if (!layout.hasValueCompression()) {
            throw page.bad(page.metadataAt(), "mini-block layout without a value compression");
        }
        Decoders.ChunkDecoder values = decoders.chunk(layout.getValueCompression());
        Decoders.BlockDecoder levels = layout.hasDefCompression() ? decoders.block(layout.getDefCompression()) : null;
        DataBlock dictionary = layout.hasDictionary() ? dictionary(layout.getDictionary()) : null;
        if (Long.compareUnsigned(layout.getNumBuffers(), 64) > 0) {
            throw page.bad(page.metadataAt(), "mini-block chunks of " + Long.toUnsignedString(layout.getNumBuffers())
                    + " value buffers");
        }
        Slice sizes = buffers.get(0, "chunk sizes");
        Slice data = buffers.get(1, "chunks");
        if (sizes.length() % 2 != 0) {
            throw page.bad(sizes.offsetOf(0), "chunk size buffer of " + sizes.length() + " bytes (u16 words)");
        }
        int chunks = sizes.length() / 2;
        List<Object> out = new ArrayList<>();
        long at = 0;
        for (int c = 0; c < chunks; c++) {
            int word = sizes.u16(2 * c);
            long bytes = ((word >>> 4) + 1L) * ALIGNMENT;
            long count = c == chunks - 1 ? rows - out.size() : 1L << (word & 0x0f);
            if (count < 0 || out.size() + count > rows) {
                throw page.bad(sizes.offsetOf(2 * c), "chunk " + c + " holds " + count + " values, past the page's "
                        + rows);
            }
            Slice chunk = data.slice(at, bytes, "chunk " + c);
            chunk(chunk, (int) count, nullable, values, levels, dictionary, out);
            at += bytes;
        }
        if (out.size() != rows) {
            throw page.bad(sizes.offsetOf(0), "the page's chunks hold " + out.size() + " values, the page " + rows);
        }
        return out;
    }

    private DataBlock dictionary(CompressiveEncoding encoding) {
        long items = layout.getNumDictionaryItems();
        if (Long.compareUnsigned(items, DecodeBudget.MAX_ROWS) > 0) {
            throw page.outOfRange(page.metadataAt(), "a dictionary of " + Long.toUnsignedString(items)
                    + " items, more than the kit decodes (" + DecodeBudget.MAX_ROWS + ")");
        }
        return decoders.block(encoding).decode(buffers.get(2, "dictionary"), (int) items);
    }

    private void chunk(Slice chunk, int count, boolean nullable, Decoders.ChunkDecoder values,
                       Decoders.BlockDecoder levels, DataBlock dictionary, List<Object> out) {
        int at = 0;
        int levelCount = chunk.u16(at);
        at += 2;
        int defSize = -1;
        if (levels != null) {
            defSize = chunk.u16(at);
            at += 2;
        }
        int[] sizes = new int[(int) layout.getNumBuffers()];
        for (int b = 0; b < sizes.length; b++) {
            sizes[b] = chunk.u16(at);
            at += 2;
        }
        at = pad(at);
        Slice def = null;
        if (levels != null) {
            def = chunk.slice(at, defSize, "definition levels");
            at = pad(at + defSize);
        }
        List<Slice> valueBuffers = new ArrayList<>();
        for (int size : sizes) {
            valueBuffers.add(chunk.slice(at, size, "value buffer"));
            at = pad(at + size);
        }
        DataBlock decoded = values.decode(valueBuffers, count);
        DataBlock.Fixed defLevels = null;
        if (def != null) {
            if (levelCount != count) {
                throw page.bad(chunk.offsetOf(0), "chunk of " + count + " values has " + levelCount
                        + " definition levels");
            }
            DataBlock block = levels.decode(def, levelCount);
            if (!(block instanceof DataBlock.Fixed fixed) || fixed.bitsPerValue() != 16) {
                throw page.bad(def.offsetOf(0), "definition levels that are not 16-bit values");
            }
            defLevels = fixed;
        }
        for (int i = 0; i < count; i++) {
            boolean valid = defLevels == null || !nullable || ItemLayers.valid(defLevels.word(i), page, def.offsetOf(0));
            out.add(valid ? value(decoded, i, dictionary, chunk) : null);
        }
    }

    private Object value(DataBlock decoded, int i, DataBlock dictionary, Slice chunk) {
        if (dictionary == null) {
            return ColumnValues.value(decoded, i, type, page, chunk.offsetOf(0));
        }
        if (!(decoded instanceof DataBlock.Fixed indices) || indices.bitsPerValue() % 8 != 0) {
            throw page.bad(chunk.offsetOf(0), "dictionary indices that are not whole-byte integers");
        }
        long index = indices.word(i);
        if (index < 0 || index >= dictionary.count()) {
            throw page.bad(chunk.offsetOf(0), "dictionary index " + Long.toUnsignedString(index) + " but the dictionary"
                    + " has " + dictionary.count() + " items");
        }
        return ColumnValues.value(dictionary, (int) index, type, page, chunk.offsetOf(0));
    }

    private static int pad(int at) {
        return (at + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT;
    }
}
