package dev.tableindex.model.lancefile;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Damaged files: whatever a truncation, flipped bytes or a huge number in a footer or table field do, the reader
 * either reads the file or refuses it with a {@link LanceFileFormatException} naming the file. Never another
 * exception, never an out-of-memory (every length is checked against the file size before use).
 */
class LanceFileFuzzProperties {
    static final byte[] FILE = LanceFileWriter.write(List.of(
            new LanceColumn("values", LanceType.BINARY, true,
                    Arrays.asList(new byte[] {1, 2, 3}, null, new byte[] {4}, null, new byte[0], new byte[] {5, 6})),
            new LanceColumn("ids", LanceType.UINT64, false, List.of(1L, 2L, 3L, 4L, 5L, 6L)),
            new LanceColumn("n", LanceType.UINT32, true, Arrays.asList(1L, null, 3L, null, 5L, 4_000_000_000L))),
            Map.of("batch_size", "2"), 4);

    @Provide
    Arbitrary<Integer> lengths() {
        return Arbitraries.integers().between(0, FILE.length - 1);
    }

    @Property(tries = 600)
    void aTruncatedFileIsRefused(@ForAll("lengths") int length) {
        byte[] cut = Arrays.copyOf(FILE, length);
        assertRefused(cut);
    }

    @Property(tries = 1500)
    void flippedBytesAreReadOrRefusedCleanly(@ForAll("positions") List<Integer> positions, @ForAll byte xor) {
        byte[] damaged = FILE.clone();
        for (int position : positions) {
            damaged[position] ^= (xor == 0 ? 1 : xor);
        }
        assertReadsOrRefuses(damaged);
    }

    @Provide
    Arbitrary<List<Integer>> positions() {
        return Arbitraries.integers().between(0, FILE.length - 1).list().ofMinSize(1).ofMaxSize(4);
    }

    /** Every 8-byte field of the footer and both tables, and the two 4-byte counts, set to huge or odd values. */
    @Property(tries = 400)
    void hugeNumbersInTheFooterAndTablesAreRefusedOrHarmless(@ForAll("fields") int at, @ForAll("huge") long value) {
        byte[] damaged = FILE.clone();
        ByteBuffer buffer = ByteBuffer.wrap(damaged).order(ByteOrder.LITTLE_ENDIAN);
        int footer = FILE.length - LanceFileFooter.SIZE;
        if (at == footer + 24 || at == footer + 28) {
            buffer.putInt(at, (int) value);
        } else {
            buffer.putLong(at, value);
        }
        assertReadsOrRefuses(damaged);
    }

    @Provide
    Arbitrary<Integer> fields() {
        LanceFileReader.Layout layout = LanceFileReader.layout(FILE, "f");
        int footer = FILE.length - LanceFileFooter.SIZE;
        int cmo = (int) layout.footer().cmoTableOffset();
        // footer: 3 offsets, 2 counts; tables: every position and size (3 column entries, 1 global buffer entry)
        List<Integer> at = new java.util.ArrayList<>(List.of(footer, footer + 8, footer + 16, footer + 24, footer + 28));
        for (int entry = cmo; entry < footer; entry += 8) {
            at.add(entry);
        }
        return Arbitraries.of(at);
    }

    @Provide
    Arbitrary<Long> huge() {
        return Arbitraries.oneOf(Arbitraries.of(-1L, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 32, 0xFFFF_FFFFL, 1L << 31,
                (long) FILE.length, FILE.length + 1L, 0L), Arbitraries.longs());
    }

    /** Page lengths, buffer offsets and sizes inside the column metadata made huge. */
    @Property(tries = 300)
    void hugeNumbersInsideAColumnMetadataAreRefused(@ForAll("columnMetadataBytes") int at, @ForAll("huge") long value) {
        byte[] damaged = FILE.clone();
        // varints: overwrite with the largest 10-byte varint prefix that fits, keeping the message length
        damaged[at] = (byte) (value | 0x80);
        assertReadsOrRefuses(damaged);
    }

    @Provide
    Arbitrary<Integer> columnMetadataBytes() {
        LanceFileReader.Layout layout = LanceFileReader.layout(FILE, "f");
        return Arbitraries.integers().between((int) layout.footer().columnMetaStart(),
                (int) layout.footer().cmoTableOffset() - 1);
    }

    /** The v2.1 files real Lance 7.0.0 wrote (golden-files/lance-index-files), damaged: summary reads or refuses. */
    static final List<byte[]> REAL = LanceV21FuzzProperties.FILES;

    @Property(tries = 1000)
    void damagedRealFilesAreSummarizedOrRefusedCleanly(@ForAll("realDamage") byte[] damaged) {
        assertReadsOrRefuses(damaged);
    }

    @Provide
    Arbitrary<byte[]> realDamage() {
        return Arbitraries.integers().between(0, REAL.size() - 1).flatMap(f -> {
            byte[] original = REAL.get(f);
            Arbitrary<byte[]> cut = Arbitraries.integers().between(0, original.length - 1)
                    .map(length -> Arrays.copyOf(original, length));
            Arbitrary<byte[]> flipped = Arbitraries.integers().between(0, original.length - 1).list().ofMinSize(1)
                    .ofMaxSize(4).map(positions -> {
                        byte[] copy = original.clone();
                        positions.forEach(p -> copy[p] ^= (byte) 0x5a);
                        return copy;
                    });
            return Arbitraries.oneOf(cut, flipped);
        });
    }

    private static void assertRefused(byte[] bytes) {
        try {
            LanceFileReader.read(bytes, "damaged.lance");
            throw new AssertionError("a truncated file was read");
        } catch (LanceFileFormatException e) {
            assertThat(e.source()).isEqualTo("damaged.lance");
            assertThat(e.getMessage()).startsWith("damaged.lance: ").doesNotContain("\n");
        }
    }

    private static void assertReadsOrRefuses(byte[] bytes) {
        try {
            LanceFileReader.summary(bytes, "damaged.lance");
            LanceFileReader.read(bytes, "damaged.lance");
        } catch (LanceFileFormatException e) {
            assertThat(e.source()).isEqualTo("damaged.lance");
            assertThat(e.offset()).isLessThanOrEqualTo(bytes.length);
            assertThat(e.getMessage()).startsWith("damaged.lance: ").doesNotContain("\n");
        }
    }
}
