package dev.tableindex.engines.lance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.model.lancefile.LanceColumn;
import dev.tableindex.model.lancefile.LanceColumns;
import dev.tableindex.model.lancefile.LanceFileFormatException;
import dev.tableindex.model.lancefile.LanceFileReader;
import dev.tableindex.model.lancefile.LanceType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lance.file.LanceFileWriter;

/**
 * Lance's own v2.1 file writer (lance-core, in this module's forked JVM) writes files of every column type the kit
 * decodes, with and without nulls, empty and one-row files, values that make Lance choose each of its layouts and
 * compressions (mini-block chunks, full-zip, all-null pages, run lengths, inline and out-of-line bitpacking,
 * dictionaries, FSST, per-value zstd), and several pages; the kit's decoder gives exactly the rows Lance's own reader
 * gives, which are the rows written.
 */
class LanceV21FilesAgainstLanceTest {
    /**
     * A file to write: its columns, written in batches of {@code batchRows}, with Arrow field metadata by column
     * name (Lance's {@code lance-encoding:*} keys ask for an encoding, as a writer may).
     */
    record Case(String name, List<LanceColumn> columns, int batchRows, Map<String, Map<String, String>> metadata) {
        Case(String name, List<LanceColumn> columns, int batchRows) {
            this(name, columns, batchRows, Map.of());
        }

        @Override
        public String toString() {
            return name;
        }
    }

    @TempDir
    static Path dir;
    private static final Map<String, Path> WRITTEN = new LinkedHashMap<>();

    static Stream<Case> cases() {
        List<Case> cases = new ArrayList<>();
        for (LanceType type : LanceType.values()) {
            cases.add(new Case(type.logicalType() + " not null", List.of(column("v", type, false, 3000,
                    i -> random(type, i))), 4096));
            cases.add(new Case(type.logicalType() + " some nulls", List.of(column("v", type, true, 3000,
                    i -> i % 3 == 1 ? null : random(type, i))), 4096));
            cases.add(new Case(type.logicalType() + " all null", List.of(column("v", type, true, 700, i -> null)), 4096));
            cases.add(new Case(type.logicalType() + " one row", List.of(column("v", type, true, 1, i -> random(type, i))),
                    4096));
            cases.add(new Case(type.logicalType() + " small values", List.of(column("v", type, true, 2000,
                    i -> i % 17 == 0 ? null : small(type, i))), 4096));
        }
        cases.add(new Case("empty", Arrays.stream(LanceType.values()).map(t -> column(t.logicalType(), t, true, 0,
                i -> null)).toList(), 4096));
        cases.add(new Case("every type, 9 rows", Arrays.stream(LanceType.values()).map(t -> column(t.logicalType(), t,
                true, 9, i -> i == 4 ? null : random(t, i))).toList(), 4096));
        cases.add(new Case("constant run", List.of(column("v", LanceType.UINT64, false, 5000, i -> 42L),
                column("w", LanceType.INT32, true, 5000, i -> i < 2500 ? -7L : null)), 4096));
        cases.add(new Case("sorted runs", List.of(column("v", LanceType.UINT32, false, 9000, i -> (long) (i / 300)),
                column("w", LanceType.INT16, false, 9000, i -> (long) (i / 1000 - 4))), 4096));
        cases.add(new Case("dictionary strings", List.of(column("v", LanceType.STRING, true, 5000,
                i -> i % 11 == 0 ? null : utf8(new String[] {"car", "bus", "person"}[i % 3])),
                column("w", LanceType.LARGE_BINARY, false, 5000, i -> new byte[] {(byte) (i % 4), 1, 2, 3})), 4096));
        cases.add(new Case("sorted keys like page_data", pageDataLike(20000), 4096));
        cases.add(new Case("fsst strings", List.of(column("v", LanceType.STRING, true, 10000,
                i -> i % 9 == 0 ? null : utf8("user_" + i + "_" + (i * 7919 % 1000))),
                column("w", LanceType.LARGE_STRING, false, 10000, i -> utf8("item-" + (i * 31 % 977) + "-suffix"))),
                4096));
        cases.add(new Case("long strings, full-zip", List.of(column("v", LanceType.BINARY, true, 400,
                i -> i % 5 == 2 ? null : bytes(300 + i % 200, i)),
                column("w", LanceType.LARGE_STRING, false, 400, i -> utf8("x".repeat(256 + i)))), 4096));
        cases.add(new Case("long text, full-zip fsst", List.of(column("v", LanceType.STRING, true, 300,
                i -> i % 7 == 3 ? null : utf8(("lorem ipsum dolor " + i + " sit amet ").repeat(15)))), 4096));
        cases.add(new Case("huge values, per-value zstd", List.of(column("v", LanceType.BINARY, true, 4,
                i -> i == 2 ? null : bytes(40_000 + i, i))), 4096));
        cases.add(new Case("wide integers, bitpacked", List.of(
                column("a", LanceType.UINT64, false, 5000, i -> (long) (i * 2654435761L % 100_000)),
                column("b", LanceType.INT64, true, 5000, i -> i % 13 == 0 ? null : (long) (i % 1000 - 500)),
                column("c", LanceType.UINT16, false, 5000, i -> (long) (i * 37 % 4000)),
                column("d", LanceType.INT8, false, 5000, i -> (long) (i % 9 - 4))), 4096));
        cases.add(new Case("nullable, up to 1024 levels", List.of(column("v", LanceType.UINT16, true, 1000,
                i -> i % 4 == 0 ? null : (long) (i * 13 % 60000))), 4096));
        cases.add(new Case("fixed-width full-zip", List.of(column("v", LanceType.INT32, true, 3000,
                i -> i % 6 == 0 ? null : random(LanceType.INT32, i)), column("w", LanceType.FLOAT64, false, 3000,
                i -> random(LanceType.FLOAT64, i))), 4096,
                Map.of("v", Map.of("lance-encoding:structural-encoding", "fullzip"),
                        "w", Map.of("lance-encoding:structural-encoding", "fullzip"))));
        cases.add(new Case("zstd and lz4 chunks", List.of(
                column("z", LanceType.INT64, true, 6000, i -> i % 10 == 0 ? null : (long) (i % 50) * 1_000_000_007L),
                column("l", LanceType.STRING, false, 6000, i -> utf8("row " + (i % 40))),
                column("b", LanceType.FLOAT64, false, 6000, i -> i * 0.25)), 4096,
                Map.of("z", Map.of("lance-encoding:compression", "zstd"),
                        "l", Map.of("lance-encoding:compression", "lz4"),
                        "b", Map.of("lance-encoding:compression", "zstd", "lance-encoding:bss", "on"))));
        cases.add(new Case("many pages, full-zip", List.of(column("v", LanceType.BINARY, false, 12000,
                i -> bytes(1000, i))), 1000));
        cases.add(new Case("many pages, mini-block", List.of(column("v", LanceType.INT64, true, 1_300_000,
                i -> i % 1001 == 0 ? null : (long) i * 1_000_003L)), 100_000));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theKitDecodesTheRowsLancesOwnReaderReads(Case c) throws Exception {
        Path file = written(c);
        LanceColumns kit = LanceFileReader.read(file);
        assertThat(kit.summary().version()).isEqualTo("2.1");
        List<List<Object>> lance;
        try (BufferAllocator allocator = new RootAllocator();
             org.lance.file.LanceFileReader reader = org.lance.file.LanceFileReader.open(file.toString(), allocator)) {
            assertThat(reader.numRows()).isEqualTo(c.columns().get(0).rows());
            lance = ArrowLanceColumns.columns(reader, c.columns().size());
        }
        for (int col = 0; col < c.columns().size(); col++) {
            LanceColumn written = c.columns().get(col);
            LanceColumn decoded = kit.columns().get(col);
            assertThat(decoded.name()).isEqualTo(written.name());
            assertThat(decoded.type()).isEqualTo(written.type());
            assertThat(decoded.nullable()).isEqualTo(written.nullable());
            List<Object> real = comparable(lance.get(col));
            assertThat(comparable(written.values())).as("Lance's reader reads what was written, column %s",
                    written.name()).isEqualTo(real);
            assertThat(comparable(decoded.values())).as("the kit decodes what Lance's reader reads, column %s",
                    written.name()).isEqualTo(real);
        }
    }

    /** The cases make Lance write each layout and compression the decoder claims to read. */
    @Test
    void theCasesExerciseEveryLayoutAndCompressionLanceWrites() throws Exception {
        String encodings = cases().map(c -> {
            try {
                return LanceFileReader.pageEncodings(Files.readAllBytes(written(c)), c.name()).toString();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }).collect(Collectors.joining("\n"));
        assertThat(encodings).contains("mini_block_layout", "full_zip_layout", "constant_layout",
                "def_compression", "variable {", "rle {", "inline_bitpacking", "out_of_line_bitpacking", "dictionary {",
                "fsst {", "general {", "bits_per_value: 1 ", "byte_stream_split", "COMPRESSION_ALGORITHM_LZ4",
                "bits_per_value: 32 num_items", "def_compression { inline_bitpacking");
    }

    /**
     * Files of every encoding above, damaged (flipped bits, mostly in the page descriptions at the file's end, and
     * truncations), are decoded or refused with a {@link LanceFileFormatException} naming the file: never another
     * exception, never a hang (spec-model LanceV21FuzzProperties does the same with jqwik on the golden files).
     */
    @Test
    @Timeout(300)
    void damagedFilesOfEveryEncodingAreDecodedOrRefusedCleanly() throws Exception {
        Random random = new Random(21);
        int refused = 0;
        for (Case c : cases().toList()) {
            byte[] original = Files.readAllBytes(written(c));
            if (original.length > 200_000) {
                continue;
            }
            for (int attempt = 0; attempt < 60; attempt++) {
                byte[] damaged;
                if (attempt % 10 == 9) {
                    damaged = Arrays.copyOf(original, random.nextInt(original.length));
                } else {
                    damaged = original.clone();
                    int from = attempt % 2 == 0 ? original.length * 3 / 5 : 0;
                    for (int flips = 1 + random.nextInt(4); flips > 0; flips--) {
                        int at = from + random.nextInt(original.length - from);
                        damaged[at] ^= (byte) (1 << random.nextInt(8));
                    }
                }
                try {
                    LanceFileReader.read(damaged, "damaged.lance");
                } catch (LanceFileFormatException e) {
                    assertThat(e.source()).isEqualTo("damaged.lance");
                    assertThat(e.getMessage()).startsWith("damaged.lance: ").doesNotContain("\n");
                    refused++;
                }
            }
        }
        assertThat(refused).as("damage that was refused").isPositive();
    }

    private static synchronized Path written(Case c) throws Exception {
        Path file = WRITTEN.get(c.name());
        if (file != null) {
            return file;
        }
        file = dir.resolve("case-" + WRITTEN.size() + ".lance");
        int rows = c.columns().get(0).rows();
        try (BufferAllocator allocator = new RootAllocator();
             LanceFileWriter writer = ReleaseCalls.openFileWriter(file.toString(), allocator, "2.1")) {
            for (int from = 0; from < rows || from == 0; from += c.batchRows()) {
                try (VectorSchemaRoot batch = ArrowLanceColumns.batch(c.columns(), c.metadata(), from,
                        Math.min(rows, from + c.batchRows()), allocator)) {
                    writer.write(batch);
                }
                if (rows == 0) {
                    break;
                }
            }
        }
        WRITTEN.put(c.name(), file);
        return file;
    }

    /** Values comparable with equals: bytes as hex. */
    private static List<Object> comparable(List<Object> values) {
        List<Object> out = new ArrayList<>(values.size());
        for (Object value : values) {
            out.add(value instanceof byte[] bytes ? HexFormat.of().formatHex(bytes) : value);
        }
        return out;
    }

    static LanceColumn column(String name, LanceType type, boolean nullable, int rows, IntFunction<Object> value) {
        List<Object> values = new ArrayList<>(rows);
        for (int i = 0; i < rows; i++) {
            values.add(value.apply(i));
        }
        return new LanceColumn(name, type, nullable, values);
    }

    /** values binary nullable (sorted keys, a null first, runs of equal keys), ids uint64 row addresses. */
    static List<LanceColumn> pageDataLike(int rows) {
        return List.of(
                column("values", LanceType.BINARY, true, rows, i -> i == 0 ? null
                        : new byte[] {2, 'k', (byte) (i / 700), (byte) (i / 7 % 100), 0, 0, 0, 3, 1, (byte) 0xbf}),
                column("ids", LanceType.UINT64, false, rows, i -> (long) (i % 5) << 32 | i * 3L));
    }

    /** A value of {@code type} from all of its range (edge values included). */
    static Object random(LanceType type, int i) {
        Random random = new Random(type.ordinal() * 1_000_003L + i);
        long bits = switch (i % 7) {
            case 0 -> 0;
            case 1 -> -1;
            case 2 -> Long.MIN_VALUE;
            case 3 -> Long.MAX_VALUE;
            default -> random.nextLong();
        };
        return switch (type.kind()) {
            case BYTES -> type == LanceType.STRING || type == LanceType.LARGE_STRING
                    ? utf8("s" + Long.toString(bits, 36).repeat(random.nextInt(3)))
                    : bytes(random.nextInt(12), i);
            case INTEGER -> type.fromRaw(bits);
            case BOOLEAN -> random.nextBoolean();
            case FLOAT -> switch (type) {
                case FLOAT16 -> org.apache.arrow.memory.util.Float16.toFloat((short) bits);
                case FLOAT32 -> i % 11 == 5 ? Float.NaN : Float.intBitsToFloat((int) bits);
                default -> i % 11 == 5 ? -0.0 : Double.longBitsToDouble(bits);
            };
        };
    }

    /** A value of {@code type} from a narrow range (few bits, short bytes). */
    static Object small(LanceType type, int i) {
        return switch (type.kind()) {
            case BYTES -> new byte[] {(byte) (i % 5)};
            case INTEGER -> (long) (i % 37);
            case BOOLEAN -> i % 10 == 0;
            case FLOAT -> type == LanceType.FLOAT64 ? (Object) (double) (i % 37) : (Object) (float) (i % 37);
        };
    }

    static byte[] bytes(int length, int seed) {
        byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
