package dev.tableindex.model.lancefile.v21;

import java.io.ByteArrayOutputStream;

/**
 * FSST (Lance's {@code rust/compression/fsst}): each compressed byte is a code; code 255 escapes the next byte
 * (copied as is), any other code stands for a symbol of 1 to 8 bytes from the page's symbol table. The symbol
 * table is 8 + 256 * 8 + 256 bytes: a header word (magic {@code "FSST"} in the upper 32 bits, bit 24 set when the
 * values are compressed at all, the symbol count in the low 8 bits), the symbols (8-byte little-endian words,
 * first byte lowest), then each symbol's length. With bit 24 clear the values were stored as they are.
 */
final class FsstDecoder {
    static final int SYMBOL_TABLE_BYTES = 8 + 256 * 8 + 256;
    private static final long MAGIC = 0x46535354L << 32;
    private static final int ESCAPE = 255;

    private final PageContext page;
    private final boolean compressed;
    private final long[] symbols = new long[256];
    private final int[] lengths = new int[256];
    private final int count;

    private FsstDecoder(PageContext page, boolean compressed, int count) {
        this.page = page;
        this.compressed = compressed;
        this.count = count;
    }

    static FsstDecoder of(byte[] table, PageContext page) {
        if (table.length != SYMBOL_TABLE_BYTES) {
            throw page.bad(page.metadataAt(), "an fsst symbol table of " + table.length + " bytes, not "
                    + SYMBOL_TABLE_BYTES);
        }
        Slice bytes = Slice.decoded(table, page.metadataAt(), page);
        long header = bytes.u64(0);
        if ((header & MAGIC) != MAGIC) {
            throw page.bad(page.metadataAt(), "an fsst symbol table without the FSST magic");
        }
        FsstDecoder decoder = new FsstDecoder(page, (header & (1L << 24)) != 0, (int) (header & 0xff));
        for (int i = 0; i < decoder.count; i++) {
            decoder.symbols[i] = bytes.u64(8 + 8 * i);
            decoder.lengths[i] = bytes.u8(8 + 8 * decoder.count + i);
            if (decoder.lengths[i] < 1 || decoder.lengths[i] > 8) {
                throw page.bad(page.metadataAt(), "fsst symbol " + i + " has length " + decoder.lengths[i]);
            }
        }
        return decoder;
    }

    /** The values decompressed; {@code offset} is where they came from, for errors. */
    DataBlock.Variable decode(DataBlock.Variable values, long offset) {
        if (!compressed) {
            return values;
        }
        byte[] in = values.data();
        page.take(8L * in.length, offset, "fsst-decompressed values");
        ByteArrayOutputStream out = new ByteArrayOutputStream(in.length * 2);
        long[] offsets = new long[values.offsets().length];
        for (int v = 0; v < values.count(); v++) {
            int end = (int) values.offsets()[v + 1];
            for (int at = (int) values.offsets()[v]; at < end; at++) {
                int code = in[at] & 0xff;
                if (code == ESCAPE) {
                    if (++at == end) {
                        throw page.bad(offset, "fsst value " + v + " ends in an escape code");
                    }
                    out.write(in[at]);
                } else if (code >= count) {
                    throw page.bad(offset, "fsst code " + code + " but the symbol table has " + count + " symbols");
                } else {
                    for (int b = 0; b < lengths[code]; b++) {
                        out.write((int) (symbols[code] >>> (8 * b)));
                    }
                }
            }
            offsets[v + 1] = out.size();
        }
        return new DataBlock.Variable(offsets, out.toByteArray());
    }
}
