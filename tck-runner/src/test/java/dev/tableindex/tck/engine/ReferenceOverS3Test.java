package dev.tableindex.tck.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.proto.tck.ApplyTableOperationRequest;
import dev.tableindex.proto.tck.Column;
import dev.tableindex.proto.tck.CreateIndex;
import dev.tableindex.proto.tck.CreateTable;
import dev.tableindex.proto.tck.DescribeIndexesRequest;
import dev.tableindex.proto.tck.ObjectStoreLocation;
import dev.tableindex.proto.tck.OpenIndexRequest;
import dev.tableindex.proto.tck.Rows;
import dev.tableindex.proto.tck.TableOperation;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.IndexOpening;
import dev.tableindex.tck.api.TableLifecycle;
import dev.tableindex.tck.store.KitStore;
import dev.tableindex.tck.store.StoreRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reference engine reads a table from the kit's S3 store; the store's log shows what it asked. */
class ReferenceOverS3Test {
    @TempDir
    Path storeRoot;

    private final ReferenceEngine engine = new ReferenceEngine();

    @Test
    void opensWithoutSizeRequestsAndDescribesFromTheManifestOnly() throws Exception {
        try (KitStore store = KitStore.start(storeRoot, 0)) {
            Path table = store.bucket("tck").resolve("t");
            apply(table, TableOperation.newBuilder().setCreateTable(CreateTable.newBuilder()
                    .addColumns(Column.newBuilder().setName("id").setType("int64"))
                    .setRows(Rows.newBuilder().setJson("[{\"id\": 1}, {\"id\": 2}, {\"id\": 3}]"))
                    .setRowsPerFragment(2)).build());
            apply(table, TableOperation.newBuilder().setCreateIndex(CreateIndex.newBuilder().addColumns("id")
                    .setIndexType("btree")).build());
            ObjectStoreLocation location = ObjectStoreLocation.newBuilder().setEndpoint(store.endpoint())
                    .setBucket("tck").setPrefix("t").setRegion(KitStore.REGION).setAccessKeyId(KitStore.ACCESS_KEY)
                    .setSecretAccessKey(KitStore.SECRET_KEY).build();

            int mark = store.log().mark();
            engine.facet(IndexOpening.class).openIndex(OpenIndexRequest.newBuilder().setIndexName("id_idx")
                    .setLocation(location).build());
            List<StoreRequest> opening = store.log().since(mark);
            assertThat(opening).filteredOn(StoreRequest::isHead).isEmpty();
            assertThat(opening).filteredOn(r -> r.isGet() && r.key().startsWith("t/_indices/")).hasSize(1)
                    .allSatisfy(r -> assertThat(r.range()).startsWith("bytes=0-"));

            mark = store.log().mark();
            assertThat(engine.facet(TableLifecycle.class).describeIndexes(DescribeIndexesRequest.newBuilder()
                    .setLocation(location).build()).getIndexesList()).extracting(v -> v.getName())
                    .containsExactly("id_idx");
            assertThat(store.log().since(mark)).noneMatch(r -> r.key().startsWith("t/_indices/"));

            // an index file cut short by one byte (the manifest still records the old size): refused
            Path indexFile;
            try (Stream<Path> files = Files.walk(table.resolve("_indices"))) {
                indexFile = files.filter(Files::isRegularFile).findFirst().orElseThrow();
            }
            byte[] bytes = Files.readAllBytes(indexFile);
            Files.write(indexFile, java.util.Arrays.copyOf(bytes, bytes.length - 1));
            assertThatThrownBy(() -> engine.facet(IndexOpening.class).openIndex(OpenIndexRequest.newBuilder()
                    .setIndexName("id_idx").setLocation(location).build()))
                    .isInstanceOfSatisfying(EngineRefusal.class,
                            e -> assertThat(e.error().getMessage()).contains("shorter"));
        }
    }

    private void apply(Path table, TableOperation operation) {
        engine.facet(TableLifecycle.class).apply(ApplyTableOperationRequest.newBuilder()
                .setDatasetPath(table.toString()).setOperation(operation).build());
    }
}
