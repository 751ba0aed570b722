package dev.tableindex.benchmarks;

import dev.tableindex.model.key.Float32;
import dev.tableindex.model.key.KeyEncoding;
import dev.tableindex.model.key.KeyRows;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyWriter;
import dev.tableindex.model.key.arrow.StructKeyEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * ARROW_ROW_V1 key encoding straight from Arrow vectors through {@link StructKeyEncoder}: one invocation
 * encodes all {@value #ROWS} rows, so with {@code @OperationsPerInvocation(ROWS)} JMH's ops/s is tuples per
 * second. The row benchmarks encode one tuple at a time into a reused {@link KeyWriter}
 * ({@code encodeRow}); the batch ones encode batches of {@value #BATCH} rows, or all rows as one batch,
 * into a reused {@link KeyRows} ({@code encodeBatch}).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(KeyEncodingBenchmark.ROWS)
@State(Scope.Benchmark)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
@Fork(value = 1, jvmArgsAppend = {"--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xms2g", "-Xmx2g",
    "-XX:MaxDirectMemorySize=4g"})
public class KeyEncodingBenchmark {
    static final int ROWS = 10_000_000;
    static final int BATCH = 65_536;

    private BufferAllocator allocator;
    private StructVector stringFloat;
    private StructVector int64;
    private StructKeyEncoder stringFloatKeys;
    private StructKeyEncoder int64Keys;
    private final KeyWriter out = new KeyWriter();
    private final KeyRows batchRows = new KeyRows();
    private final KeyRows wholeRows = new KeyRows();

    @Setup(Level.Trial)
    public void setUp() {
        allocator = new RootAllocator();
        SplittableRandom random = new SplittableRandom(42);

        stringFloat = struct("element", new Field("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
                new Field("score", FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)), null));
        VarCharVector names = (VarCharVector) stringFloat.getChild("name");
        Float4Vector scores = (Float4Vector) stringFloat.getChild("score");
        names.allocateNew(ROWS * 10L, ROWS);
        scores.allocateNew(ROWS);
        byte[] name = new byte[16];
        for (int row = 0; row < ROWS; row++) {
            int length = 3 + random.nextInt(14); // 3..16 bytes
            for (int i = 0; i < length; i++) {
                name[i] = (byte) (0x20 + random.nextInt(0x7F - 0x20)); // printable ASCII
            }
            stringFloat.setIndexDefined(row);
            names.setSafe(row, name, 0, length);
            scores.setSafe(row, (float) (random.nextDouble() * 2000 - 1000));
        }
        names.setValueCount(ROWS);
        scores.setValueCount(ROWS);
        stringFloat.setValueCount(ROWS);
        stringFloatKeys = new StructKeyEncoder(stringFloat, List.of("name", "score"));

        int64 = struct("element", new Field("id", FieldType.nullable(new ArrowType.Int(64, true)), null));
        BigIntVector ids = (BigIntVector) int64.getChild("id");
        ids.allocateNew(ROWS);
        for (int row = 0; row < ROWS; row++) {
            int64.setIndexDefined(row);
            ids.set(row, random.nextLong());
        }
        ids.setValueCount(ROWS);
        int64.setValueCount(ROWS);
        int64Keys = new StructKeyEncoder(int64, List.of("id"));

        // the same bytes as the reference encoder (Java values), so a fast wrong encoder is not measured
        for (int row = 0; row < 10_000; row++) {
            check(stringFloatKeys, row, List.of(KeyType.parse("string"), KeyType.parse("float")),
                    List.of(new String(names.get(row), StandardCharsets.UTF_8),
                            new Float32(scores.getDataBuffer().getInt((long) row * 4))));
            check(int64Keys, row, List.of(KeyType.parse("int64")), List.of(ids.get(row)));
        }
        checkBatch(stringFloatKeys);
        checkBatch(int64Keys);
    }

    /** A batch gives the row path's bytes (checked on the first 10,000 rows, from row 1: an unaligned start). */
    private static void checkBatch(StructKeyEncoder encoder) {
        KeyRows rows = encoder.encodeBatch(1, 10_000, new KeyRows());
        for (int i = 0; i < rows.count(); i++) {
            if (!Arrays.equals(rows.row(i), encoder.encodeRow(1 + i))) {
                throw new IllegalStateException("row " + (1 + i) + ": encodeBatch and encodeRow differ");
            }
        }
    }

    private StructVector struct(String name, Field... children) {
        StructVector struct = (StructVector) new Field(name, FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(children))
                .createVector(allocator);
        struct.setInitialCapacity(ROWS);
        struct.allocateNew();
        return struct;
    }

    private static void check(StructKeyEncoder encoder, int row, List<KeyType> types, List<Object> values) {
        if (!Arrays.equals(encoder.encodeRow(row), KeyEncoding.encode(types, values))) {
            throw new IllegalStateException("row " + row + " " + values + ": StructKeyEncoder and KeyEncoding differ");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        stringFloat.close();
        int64.close();
        allocator.close();
    }

    /** (string of 3..16 ASCII bytes, float) tuples from a VarCharVector and a Float4Vector. */
    @Benchmark
    public void stringFloatTuples(Blackhole blackhole) {
        blackhole.consume(encodeAll(stringFloatKeys));
    }

    /** (int64) keys from a BigIntVector. */
    @Benchmark
    public void int64Keys(Blackhole blackhole) {
        blackhole.consume(encodeAll(int64Keys));
    }

    /** (string, float) in batches of {@value #BATCH} rows. */
    @Benchmark
    public void stringFloatBatches(Blackhole blackhole) {
        blackhole.consume(encodeInBatches(stringFloatKeys, BATCH, batchRows));
    }

    /** (string, float), all {@value #ROWS} rows in one batch. */
    @Benchmark
    public void stringFloatOneBatch(Blackhole blackhole) {
        blackhole.consume(encodeInBatches(stringFloatKeys, ROWS, wholeRows));
    }

    /** (int64) in batches of {@value #BATCH} rows. */
    @Benchmark
    public void int64Batches(Blackhole blackhole) {
        blackhole.consume(encodeInBatches(int64Keys, BATCH, batchRows));
    }

    /** (int64), all {@value #ROWS} rows in one batch. */
    @Benchmark
    public void int64OneBatch(Blackhole blackhole) {
        blackhole.consume(encodeInBatches(int64Keys, ROWS, wholeRows));
    }

    private static long encodeInBatches(StructKeyEncoder encoder, int batch, KeyRows rows) {
        long checksum = 0;
        for (int from = 0; from < ROWS; from += batch) {
            encoder.encodeBatch(from, Math.min(batch, ROWS - from), rows);
            checksum += rows.size() + rows.bytes()[rows.size() - 1]; // the bytes are used: nothing optimised away
        }
        return checksum;
    }

    private long encodeAll(StructKeyEncoder encoder) {
        KeyWriter out = this.out;
        long checksum = 0;
        for (int row = 0; row < ROWS; row++) {
            out.reset();
            encoder.encodeRow(row, out);
            checksum += out.size() + out.buffer()[out.size() - 1]; // the bytes are used: nothing optimised away
        }
        return checksum;
    }
}
