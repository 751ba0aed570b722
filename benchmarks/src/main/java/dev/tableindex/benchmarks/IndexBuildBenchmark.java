package dev.tableindex.benchmarks;

import dev.tableindex.model.key.KeyEncoding;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.listindex.IndexedTable;
import dev.tableindex.model.listindex.ListElementIndex;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;
import org.lance.WriteParams;
import org.lance.index.IndexOptions;
import org.lance.index.IndexParams;
import org.lance.index.IndexType;
import org.lance.index.scalar.BTreeIndexParams;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The list element index build of the reference model beside real Lance building its own BTree scalar index over
 * the same encoded keys, in one JMH run, so that their ratio is measured on one machine under one load.
 *
 * <ul>
 *   <li>{@link #build}: {@code ListElementIndex.build} on (label, confidence) over the seeded table of
 *       {@link ListElementIndexBenchmark#table(int)} ({@code rows} rows of 5 elements in 4 fragments): encode every
 *       element's key tuple, sort, paginate; in memory, one thread.</li>
 *   <li>{@link #lanceBTree}: real Lance ({@code org.lance:lance-core}, JNI) creating a BTree index ({@code replace})
 *       on the Binary column {@code values} of a Lance dataset holding the very same tuples, one row per element and
 *       a null row per null list (page_data's values, before sorting), written once per trial into a temporary
 *       folder: Lance reads the column, sorts it and writes its {@code page_data.lance} and {@code page_lookup.lance}
 *       (its own threads, on every core).</li>
 * </ul>
 *
 * Both are single shots (one build each), {@code rows} 200,000, 1,000,000 and 2,000,000, so the figures also show
 * how each grows with the rows. Each runs in its own forked JVM (Lance's native library stays out of the JVM that
 * runs JMH).
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "--add-opens=java.base/java.nio=ALL-UNNAMED"})
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
public class IndexBuildBenchmark {
    static final int PAGE_SIZE = 4096;
    static final String COLUMN = "values";

    /** The seeded table. */
    @State(Scope.Benchmark)
    public static class Table {
        @Param({"200000", "1000000", "2000000"})
        int rows;

        IndexedTable table;
        Set<Long> fragmentIds;

        @Setup(Level.Trial)
        public void setUp() {
            table = ListElementIndexBenchmark.table(rows);
            fragmentIds = Set.copyOf(table.fragments().stream().map(IndexedTable.Fragment::id).toList());
        }
    }

    /** A Lance dataset of one nullable Binary column: the table's key tuples, one row per element or null list. */
    @State(Scope.Benchmark)
    public static class LanceKeys {
        Path folder;
        BufferAllocator allocator;
        Dataset dataset;
        IndexOptions options;

        @Setup(Level.Trial)
        public void setUp(Table table) throws IOException {
            folder = Files.createTempDirectory("lance-btree-benchmark");
            allocator = new RootAllocator();
            byte[] stream = arrowStream(table.table, allocator);
            try (ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(stream), allocator)) {
                dataset = Dataset.write().allocator(allocator).reader(reader).uri(folder.resolve("keys.lance").toString())
                        .mode(WriteParams.WriteMode.CREATE).execute();
            }
            options = IndexOptions.builder(List.of(COLUMN), IndexType.BTREE,
                            IndexParams.builder().setScalarIndexParams(BTreeIndexParams.builder().build()).build())
                    .withIndexName("values_idx").replace(true).build();
            System.out.printf("%n[setup] Lance dataset: %d rows in %d fragments%n", dataset.countRows(),
                    dataset.getFragments().size());
        }

        @TearDown(Level.Trial)
        public void tearDown() throws IOException {
            dataset.close();
            allocator.close();
            try (Stream<Path> files = Files.walk(folder)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
    }

    /** The reference model's build: encode, sort, paginate. */
    @Benchmark
    public ListElementIndex build(Table table) {
        return ListElementIndex.build(table.table, ListElementIndexBenchmark.KEY_FIELD_IDS, table.fragmentIds, PAGE_SIZE);
    }

    /** Real Lance's BTree over the same keys, replacing the previous shot's index. */
    @Benchmark
    public Dataset lanceBTree(LanceKeys lance) {
        lance.dataset.createIndex(lance.options);
        return lance.dataset;
    }

    /**
     * The table's page_data values in table order (fragments by id, rows, elements; a null list as a null value) as
     * an Arrow IPC stream of one column, in batches of 65,536 rows.
     */
    static byte[] arrowStream(IndexedTable table, BufferAllocator allocator) {
        List<KeyType> types = List.of(KeyType.parse("string"), KeyType.parse("float"));
        Schema schema = new Schema(List.of(new Field(COLUMN, FieldType.nullable(ArrowType.Binary.INSTANCE), null)));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
                ArrowStreamWriter writer = new ArrowStreamWriter(root, null, bytes)) {
            VarBinaryVector values = (VarBinaryVector) root.getVector(COLUMN);
            writer.start();
            int batch = 0;
            for (IndexedTable.Fragment fragment : table.fragments()) {
                for (List<Object[]> list : fragment.rows()) {
                    for (int e = 0; e < (list == null ? 1 : list.size()); e++) {
                        if (list == null) {
                            values.setNull(batch);
                        } else {
                            Object[] element = list.get(e);
                            values.setSafe(batch, KeyEncoding.encode(types,
                                    element == null ? Arrays.asList(null, null) : Arrays.asList(element)));
                        }
                        if (++batch == 65_536) {
                            root.setRowCount(batch);
                            writer.writeBatch();
                            root.allocateNew();
                            batch = 0;
                        }
                    }
                }
            }
            if (batch > 0) {
                root.setRowCount(batch);
                writer.writeBatch();
            }
            writer.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }
}
