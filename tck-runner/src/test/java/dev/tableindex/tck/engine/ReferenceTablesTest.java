package dev.tableindex.tck.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.proto.tck.ApplyTableOperationRequest;
import dev.tableindex.proto.tck.Column;
import dev.tableindex.proto.tck.CountRowsRequest;
import dev.tableindex.proto.tck.CreateIndex;
import dev.tableindex.proto.tck.CreateTable;
import dev.tableindex.proto.tck.DescribeIndexesRequest;
import dev.tableindex.proto.tck.IndexView;
import dev.tableindex.proto.tck.OpenIndexRequest;
import dev.tableindex.proto.tck.OpenIndexResult;
import dev.tableindex.proto.tck.Rows;
import dev.tableindex.proto.tck.TableOperation;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.IndexOpening;
import dev.tableindex.tck.api.IndexV2Support;
import dev.tableindex.tck.api.TableLifecycle;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReferenceTablesTest {
    @TempDir
    Path root;

    private final ReferenceEngine engine = new ReferenceEngine();

    private long apply(TableOperation operation) {
        return engine.facet(TableLifecycle.class).apply(ApplyTableOperationRequest.newBuilder()
                .setDatasetPath(root.toString()).setOperation(operation).build()).getVersion();
    }

    private static TableOperation createTable() {
        return TableOperation.newBuilder().setCreateTable(CreateTable.newBuilder()
                .addColumns(Column.newBuilder().setName("id").setType("int64").setNullable(true))
                .setRows(Rows.newBuilder().setJson("[{\"id\":1},{\"id\":2},{\"id\":3}]")).setRowsPerFragment(2)).build();
    }

    private static TableOperation btreeOnId() {
        return TableOperation.newBuilder().setCreateIndex(CreateIndex.newBuilder().addColumns("id")
                .setIndexType("btree")).build();
    }

    @Test
    void theReferenceEngineHasTheTableFacets() {
        assertThat(engine.facet(TableLifecycle.class)).isInstanceOf(ReferenceTables.class);
        assertThat(engine.facet(IndexV2Support.class)).isInstanceOf(ReferenceTables.class);
        assertThat(engine.facet(IndexOpening.class)).isInstanceOf(ReferenceTables.class);
    }

    @Test
    void appliesDescribesCountsAndOpens() {
        assertThat(apply(createTable())).isEqualTo(1);
        assertThat(apply(btreeOnId())).isEqualTo(2);
        TableLifecycle tables = engine.facet(TableLifecycle.class);
        IndexView view = tables.describeIndexes(DescribeIndexesRequest.newBuilder().setDatasetPath(root.toString())
                .build()).getIndexes(0);
        assertThat(view.getName()).isEqualTo("id_idx");
        assertThat(view.getIndexType()).isEqualTo("lance:btree");
        assertThat(view.getFieldIdsList()).containsExactly(0);
        assertThat(view.getCoveredFragmentsList()).containsExactly(0L, 1L);
        assertThat(view.getSegmentIds(0).size()).isEqualTo(16);
        for (boolean useIndex : new boolean[] {true, false}) {
            assertThat(tables.countRows(CountRowsRequest.newBuilder().setDatasetPath(root.toString())
                    .setFilter("id >= 2").setUseIndex(useIndex).build()).getCount()).isEqualTo(2);
        }
        OpenIndexResult opened = engine.facet(IndexOpening.class).openIndex(OpenIndexRequest.newBuilder()
                .setDatasetPath(root.toString()).setIndexName("id_idx").build());
        assertThat(opened.getHeadRequests()).isZero();
        assertThat(opened.getReadRequests()).isEqualTo(1);
        assertThat(opened.getFilesOpened()).isEqualTo(1);
    }

    @Test
    void refusalsCarryTheProtocolKinds() {
        apply(createTable());
        apply(btreeOnId());
        assertThatThrownBy(() -> apply(btreeOnId())).isInstanceOfSatisfying(EngineRefusal.class,
                e -> assertThat(e.error().getKind()).isEqualTo("INDEX_NAME_EXISTS"));
        assertThatThrownBy(() -> apply(createTable())).isInstanceOfSatisfying(EngineRefusal.class,
                e -> assertThat(e.error().getKind()).isEqualTo("INVALID_OPERATION"));
        assertThatThrownBy(() -> engine.facet(TableLifecycle.class).countRows(CountRowsRequest.newBuilder()
                .setDatasetPath(root.toString()).setFilter("nope = 1").build()))
                .isInstanceOfSatisfying(EngineRefusal.class,
                        e -> assertThat(e.error().getKind()).isEqualTo("INVALID_OPERATION"));
        assertThatThrownBy(() -> engine.facet(TableLifecycle.class).describeIndexes(DescribeIndexesRequest.newBuilder()
                .setDatasetPath(root.resolve("missing").toString()).build()))
                .isInstanceOfSatisfying(EngineRefusal.class, e -> assertThat(e.error().getKind()).isEqualTo("OTHER"));
    }
}
