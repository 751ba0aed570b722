package dev.tableindex.engines.lance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.model.key.Float32;
import dev.tableindex.model.key.KeyEncoding;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.lancefile.LanceColumn;
import dev.tableindex.model.lancefile.LanceColumns;
import dev.tableindex.model.lancefile.LanceFileReader;
import dev.tableindex.model.lancefile.LanceFileSummary;
import dev.tableindex.model.lancefile.LanceType;
import dev.tableindex.model.listindex.ListElementIndex;
import dev.tableindex.model.listindex.ListElementIndexDetails;
import dev.tableindex.model.listindex.TargetBTreeFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lance.file.LanceFileWriter;

/**
 * The kit's Lance files against real Lance 7.0.0 (lance-core's {@code org.lance.file} reader and writer, in this
 * module's forked JVM): the target BTree files {@code TargetBTreeFiles.write} makes are read by Lance with the
 * BTree's schema and the same rows, and files Lance writes are read by the kit.
 */
class LanceFilesAgainstLanceTest {
    static final List<KeyType> KEYS = List.of(KeyType.of(KeyType.Kind.STRING), KeyType.of(KeyType.Kind.FLOAT));
    static final ListElementIndexDetails DETAILS = new ListElementIndexDetails(List.of(4, 5),
            List.of("label", "confidence"), KEYS, ListElementIndexDetails.ARROW_ROW_V1, 1);

    @TempDir
    Path dir;

    static byte[] key(String label, Float confidence) {
        return KeyEncoding.encode(KEYS, Arrays.asList(label, confidence == null ? null : Float32.of(confidence)));
    }

    /** Five entries sorted by values, nulls first: a null list, the all-null tuple, ("bus", 0.25), ("car", 0.5) twice. */
    static ListElementIndex index(int pageSize) {
        List<ListElementIndex.Entry> entries = List.of(
                new ListElementIndex.Entry(null, 3L << 32),
                new ListElementIndex.Entry(key(null, null), 1),
                new ListElementIndex.Entry(key("bus", 0.25f), (1L << 32) | 7),
                new ListElementIndex.Entry(key("car", 0.5f), 0),
                new ListElementIndex.Entry(key("car", 0.5f), 2));
        return ListElementIndex.of(DETAILS, Set.of(0L, 1L, 3L), entries, pageSize);
    }

    @Test
    void lanceReadsTheTargetBTreeFilesWithTheBTreeSchemaAndTheSameRows() throws Exception {
        ListElementIndex index = index(2);
        TargetBTreeFiles.write(dir, index);
        try (BufferAllocator allocator = new RootAllocator();
             org.lance.file.LanceFileReader data = org.lance.file.LanceFileReader.open(
                     dir.resolve("page_data.lance").toString(), allocator);
             org.lance.file.LanceFileReader lookup = org.lance.file.LanceFileReader.open(
                     dir.resolve("page_lookup.lance").toString(), allocator)) {
            assertThat(data.schema().getFields()).containsExactly(
                    field("values", new ArrowType.Binary(), true),
                    field("ids", new ArrowType.Int(64, false), false));
            assertThat(lookup.schema().getFields()).containsExactly(
                    field("min", new ArrowType.Binary(), true),
                    field("max", new ArrowType.Binary(), true),
                    field("null_count", new ArrowType.Int(32, false), false),
                    field("page_idx", new ArrowType.Int(32, false), false));
            assertThat(lookup.schema().getCustomMetadata()).containsEntry("batch_size", "2");
            assertThat(data.numRows()).isEqualTo(5);
            assertThat(lookup.numRows()).isEqualTo(3);

            List<List<Object>> dataRows = rows(data, allocator);
            List<List<Object>> expectedData = new ArrayList<>();
            for (ListElementIndex.Entry entry : index.pageData()) {
                expectedData.add(Arrays.asList(hex(entry.values()), entry.rowAddress()));
            }
            assertThat(dataRows).isEqualTo(expectedData);

            // pages of 2: [null, (null,null)], [bus, car], [car]; min/max first/last, null_count counts null values
            assertThat(rows(lookup, allocator)).containsExactly(
                    Arrays.asList(null, hex(key(null, null)), 1L, 0L),
                    Arrays.asList(hex(key("bus", 0.25f)), hex(key("car", 0.5f)), 0L, 1L),
                    Arrays.asList(hex(key("car", 0.5f)), hex(key("car", 0.5f)), 0L, 2L));
        }
    }

    @Test
    void lanceReadsTheFilesOfAnEmptySegment() throws Exception {
        TargetBTreeFiles.write(dir, ListElementIndex.of(DETAILS, Set.of(), List.of(), 4096));
        try (BufferAllocator allocator = new RootAllocator();
             org.lance.file.LanceFileReader data = org.lance.file.LanceFileReader.open(
                     dir.resolve("page_data.lance").toString(), allocator);
             org.lance.file.LanceFileReader lookup = org.lance.file.LanceFileReader.open(
                     dir.resolve("page_lookup.lance").toString(), allocator)) {
            assertThat(data.numRows()).isZero();
            assertThat(lookup.numRows()).isZero();
            assertThat(rows(data, allocator)).isEmpty();
            assertThat(lookup.schema().getCustomMetadata()).containsEntry("batch_size", "4096");
            assertThat(lookup.schema().getFields()).extracting(Field::getName)
                    .containsExactly("min", "max", "null_count", "page_idx");
        }
    }

    /** Every encoding the kit's writer uses: several pages, some-null, all-null and no-null pages, empty values. */
    @Test
    void lanceReadsEveryEncodingTheKitWritesOverSeveralPages() throws Exception {
        List<Object> binary = Arrays.asList(new byte[] {1}, null, new byte[0], null, null, null, new byte[] {2, 3}, null);
        List<Object> u32 = Arrays.asList(1L, null, 4_294_967_295L, null, null, null, 0L, 7L);
        List<Object> u64 = Arrays.asList(-1L, 0L, 1L << 40, 3L, 4L, 5L, Long.MIN_VALUE, 9L);
        List<Object> i64 = Arrays.asList(-1L, null, Long.MIN_VALUE, null, null, null, Long.MAX_VALUE, 0L);
        Path file = dir.resolve("kit.lance");
        java.nio.file.Files.write(file, dev.tableindex.model.lancefile.LanceFileWriter.write(List.of(
                new LanceColumn("b", LanceType.BINARY, true, binary),
                new LanceColumn("u32", LanceType.UINT32, true, u32),
                new LanceColumn("u64", LanceType.UINT64, false, u64),
                new LanceColumn("i64", LanceType.INT64, true, i64)), Map.of("k", "v"), 3));
        try (BufferAllocator allocator = new RootAllocator();
             org.lance.file.LanceFileReader reader = org.lance.file.LanceFileReader.open(file.toString(), allocator)) {
            assertThat(reader.schema().getFields()).containsExactly(field("b", new ArrowType.Binary(), true),
                    field("u32", new ArrowType.Int(32, false), true), field("u64", new ArrowType.Int(64, false), false),
                    field("i64", new ArrowType.Int(64, true), true));
            assertThat(reader.schema().getCustomMetadata()).containsEntry("k", "v");
            List<List<Object>> rows = rows(reader, allocator);
            assertThat(rows).hasSize(8);
            for (int row = 0; row < 8; row++) {
                assertThat(rows.get(row)).as("row %d", row).containsExactly(hex((byte[]) binary.get(row)), u32.get(row),
                        u64.get(row), i64.get(row));
            }
        }
    }

    @Test
    void theKitReadsAVersionTwoPointZeroFileThatLanceWrote() throws Exception {
        Path file = dir.resolve("lance-2.0.lance");
        writeWithLance(file, "2.0");
        LanceColumns read = LanceFileReader.read(file);
        assertThat(read.summary().version()).isEqualTo("2.0");
        assertThat(read.rows()).isEqualTo(4);
        assertThat(read.summary().metadataString("batch_size")).hasValue("4096");
        LanceColumn values = read.column("values");
        assertThat(values.type()).isEqualTo(LanceType.BINARY);
        assertThat(values.nullable()).isTrue();
        assertThat(values.values()).containsExactly(new byte[] {1, 2}, null, new byte[0], new byte[] {(byte) 0xff});
        assertThat(read.column("ids").nullable()).isFalse();
        assertThat(read.column("ids").values()).containsExactly(0L, 1L << 32, -1L, 5L);
        assertThat(read.column("n").values()).containsExactly(7L, null, 4_000_000_000L, 0L);
    }

    /** Lance's v2.1 files are decoded row for row too (every layout and compression: LanceV21FilesAgainstLanceTest). */
    @Test
    void theKitReadsAVersionTwoPointOneFileThatLanceWrote() throws Exception {
        Path file = dir.resolve("lance-2.1.lance");
        writeWithLance(file, "2.1");
        LanceFileSummary summary = LanceFileReader.summary(file);
        assertThat(summary.version()).isEqualTo("2.1");
        assertThat(summary.rows()).isEqualTo(4);
        assertThat(summary.fields()).extracting(f -> f.getName() + " " + f.getLogicalType() + " " + f.getNullable())
                .containsExactly("values binary true", "ids uint64 false", "n uint32 true");
        LanceColumns read = LanceFileReader.read(file);
        assertThat(read.column("values").values()).containsExactly(new byte[] {1, 2}, null, new byte[0],
                new byte[] {(byte) 0xff});
        assertThat(read.column("ids").values()).containsExactly(0L, 1L << 32, -1L, 5L);
        assertThat(read.column("n").values()).containsExactly(7L, null, 4_000_000_000L, 0L);
    }

    /** values binary nullable, ids uint64 not null, n uint32 nullable; four rows; schema metadata batch_size. */
    static void writeWithLance(Path file, String version) throws Exception {
        Schema schema = new Schema(List.of(field("values", new ArrowType.Binary(), true),
                field("ids", new ArrowType.Int(64, false), false),
                field("n", new ArrowType.Int(32, false), true)));
        try (BufferAllocator allocator = new RootAllocator();
             VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
            VarBinaryVector values = (VarBinaryVector) root.getVector("values");
            UInt8Vector ids = (UInt8Vector) root.getVector("ids");
            UInt4Vector n = (UInt4Vector) root.getVector("n");
            values.setSafe(0, new byte[] {1, 2});
            values.setNull(1);
            values.setSafe(2, new byte[0]);
            values.setSafe(3, new byte[] {(byte) 0xff});
            ids.setSafe(0, 0);
            ids.setSafe(1, 1L << 32);
            ids.setSafe(2, -1L);
            ids.setSafe(3, 5);
            n.setSafe(0, 7);
            n.setNull(1);
            n.setSafe(2, (int) 4_000_000_000L);
            n.setSafe(3, 0);
            root.setRowCount(4);
            try (LanceFileWriter writer = ReleaseCalls.openFileWriter(file.toString(), allocator, version)) {
                writer.write(root);
                writer.addSchemaMetadata(Map.of("batch_size", "4096"));
            }
        }
    }

    static Field field(String name, ArrowType type, boolean nullable) {
        return new Field(name, new FieldType(nullable, type, null), null);
    }

    /** Every row, binary as hex, unsigned integers as their unsigned long. */
    static List<List<Object>> rows(org.lance.file.LanceFileReader reader, BufferAllocator allocator) throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        try (ArrowReader batches = reader.readAll(null, null, 1024)) {
            while (batches.loadNextBatch()) {
                VectorSchemaRoot root = batches.getVectorSchemaRoot();
                for (int row = 0; row < root.getRowCount(); row++) {
                    List<Object> values = new ArrayList<>();
                    for (FieldVector vector : root.getFieldVectors()) {
                        values.add(value(vector, row));
                    }
                    rows.add(values);
                }
            }
        }
        return rows;
    }

    /** A value as the kit's column holds it, bytes as hex. */
    static Object value(FieldVector vector, int row) {
        Object value = ArrowLanceColumns.value(vector, row);
        return value instanceof byte[] bytes ? hex(bytes) : value;
    }

    static String hex(byte[] bytes) {
        return bytes == null ? null : java.util.HexFormat.of().formatHex(bytes);
    }
}
