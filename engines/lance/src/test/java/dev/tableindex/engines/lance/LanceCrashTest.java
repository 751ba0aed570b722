package dev.tableindex.engines.lance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.proto.tck.ApplyTableOperationRequest;
import dev.tableindex.proto.tck.CountRowsRequest;
import dev.tableindex.proto.tck.CreateIndex;
import dev.tableindex.proto.tck.OptimizeIndices;
import dev.tableindex.proto.tck.TableOperation;
import dev.tableindex.tck.api.EngineBroken;
import dev.tableindex.tck.api.TableLifecycle;
import dev.tableindex.tck.engine.SubprocessEngine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lance.Dataset;
import org.lance.WriteParams;

/**
 * A native panic in Lance aborts the engine's JVM (exit 134): the call is reported as broken (the scenario's
 * ERROR), the next request is served by a fresh process, and the 181 MB {@code liblance_jni*.so} the aborted
 * JVM left in its scratch folder is gone.
 */
class LanceCrashTest {
    @TempDir
    Path work;

    @Test
    void anAbortIsReportedCleanedUpAndTheNextRequestWorks() throws Exception {
        Path labels = work.resolve("labels");
        writeListOfStruct(labels, 0, 20, WriteParams.WriteMode.CREATE);
        Path scratch = work.resolve("scratch");
        try (SubprocessEngine engine = LanceEngineProvider.start(scratch, LanceEngineTest.TIMEOUTS)) {
            TableLifecycle lance = engine.facet(TableLifecycle.class);
            // Lance 7.0.0 accepts LABEL_LIST on list<struct> ...
            assertThat(apply(lance, labels, TableOperation.newBuilder().setCreateIndex(CreateIndex.newBuilder()
                    .addColumns("labels").setIndexType("label_list")))).isEqualTo(2);
            assertThat(soFiles(scratch)).hasSize(1);
            Path firstScratch = Files.list(scratch).findFirst().orElseThrow();
            // ... and panics when it loads it to fold new rows in (btree.rs "not yet implemented"), aborting the JVM
            writeListOfStruct(labels, 20, 5, WriteParams.WriteMode.APPEND);
            assertThatThrownBy(() -> apply(lance, labels, TableOperation.newBuilder()
                    .setOptimizeIndices(OptimizeIndices.getDefaultInstance())))
                    .isInstanceOf(EngineBroken.class).hasMessageContaining("exit code 134");
            assertThat(firstScratch).doesNotExist();
            assertThat(soFiles(scratch)).isEmpty();

            // a fresh process answers the next request
            assertThat(lance.countRows(CountRowsRequest.newBuilder().setDatasetPath(labels.toString())
                    .setFilter("id >= 10").build()).getCount()).isEqualTo(15);
            assertThat(soFiles(scratch)).hasSize(1).allSatisfy(so -> assertThat(so.getParent()).isNotEqualTo(firstScratch));
        }
        assertThat(scratch).isEmptyDirectory();
    }

    private static long apply(TableLifecycle lance, Path path, TableOperation.Builder op) {
        return lance.apply(ApplyTableOperationRequest.newBuilder().setDatasetPath(path.toString()).setOperation(op).build())
                .getVersion();
    }

    private static List<Path> soFiles(Path scratch) throws IOException {
        try (Stream<Path> tree = Files.walk(scratch)) {
            return tree.filter(p -> p.getFileName().toString().matches("liblance_jni.*\\.so")).toList();
        }
    }

    /** id int32, labels list<struct<label string, confidence float>> (a type the kit's create_table has not). */
    private static void writeListOfStruct(Path path, int from, int n, WriteParams.WriteMode mode) throws Exception {
        Field label = new Field("label", FieldType.nullable(ArrowType.Utf8.INSTANCE), null);
        Field confidence = new Field("confidence", FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)), null);
        Field item = new Field("item", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(label, confidence));
        Schema schema = new Schema(List.of(new Field("id", FieldType.nullable(new ArrowType.Int(32, true)), null),
                new Field("labels", FieldType.nullable(ArrowType.List.INSTANCE), List.of(item))));
        String[] names = {"cat", "dog", "car"};
        try (BufferAllocator allocator = new RootAllocator()) {
            var bytes = new java.io.ByteArrayOutputStream();
            try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
                root.allocateNew();
                IntVector id = (IntVector) root.getVector("id");
                ListVector list = (ListVector) root.getVector("labels");
                StructVector struct = (StructVector) list.getDataVector();
                VarCharVector labelValues = (VarCharVector) struct.getChild("label");
                Float4Vector confidenceValues = (Float4Vector) struct.getChild("confidence");
                int child = 0;
                for (int i = 0; i < n; i++) {
                    id.setSafe(i, from + i);
                    list.startNewValue(i);
                    for (int j = 0; j < 2; j++) {
                        struct.setIndexDefined(child);
                        labelValues.setSafe(child, names[(from + i + j) % 3].getBytes(StandardCharsets.UTF_8));
                        confidenceValues.setSafe(child, 0.5f + j / 10f);
                        child++;
                    }
                    list.endValue(i, 2);
                }
                struct.setValueCount(child);
                labelValues.setValueCount(child);
                confidenceValues.setValueCount(child);
                id.setValueCount(n);
                list.setValueCount(n);
                root.setRowCount(n);
                try (ArrowStreamWriter writer = new ArrowStreamWriter(root, null, bytes)) {
                    writer.start();
                    writer.writeBatch();
                    writer.end();
                }
            }
            try (ArrowStreamReader reader = new ArrowStreamReader(new java.io.ByteArrayInputStream(bytes.toByteArray()), allocator);
                 Dataset ds = Dataset.write().allocator(allocator).reader(reader).uri(path.toString()).mode(mode).execute()) {
                assertThat(ds.countRows()).isEqualTo(from + n);
            }
        }
    }
}
