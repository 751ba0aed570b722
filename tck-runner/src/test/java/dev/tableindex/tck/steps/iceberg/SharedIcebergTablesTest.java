package dev.tableindex.tck.steps.iceberg;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Shared source tables handed to scenarios that run at the same time (decision 0147). */
class SharedIcebergTablesTest {

    /** A one-commit table; {@code id} makes each test's script its own. */
    private static JsonNode script(long id) throws Exception {
        return new ObjectMapper().readTree("""
                {"format": "parquet",
                 "schema": {"type": "struct", "schema-id": 0, "fields": [
                   {"id": 1, "name": "id", "required": false, "type": "long"},
                   {"id": 2, "name": "city", "required": false, "type": "string"}]},
                 "commits": [{"append": [[%d, "a"], [%d, "b"]]}]}""".formatted(id, id + 1));
    }

    private static Path folder(SharedIcebergTables.Made made) {
        return Path.of(made.table().table().location());
    }

    @Test
    void scenariosAskingAtOnceGetOneTableMadeOnce() throws Exception {
        JsonNode script = script(100);
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<SharedIcebergTables.Lease>> asked = new ArrayList<>();
        try {
            for (int i = 0; i < threads; i++) {
                asked.add(pool.submit(() -> {
                    start.await();
                    return SharedIcebergTables.get(script);
                }));
            }
            start.countDown();
            List<SharedIcebergTables.Lease> leases = new ArrayList<>();
            for (Future<SharedIcebergTables.Lease> f : asked) {
                leases.add(f.get(60, TimeUnit.SECONDS));
            }
            SharedIcebergTables.Made table = leases.get(0).made();
            assertThat(leases).allSatisfy(l -> assertThat(l.made()).isSameAs(table));
            assertThat(table.table().liveRows(table.snapshots().get(0))).hasSize(2);
            leases.forEach(SharedIcebergTables::release);
            assertThat(folder(table)).isDirectory();
            SharedIcebergTables.Lease again = SharedIcebergTables.get(script);
            assertThat(again.made()).as("an unchanged table is handed out again").isSameAs(table);
            SharedIcebergTables.release(again);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aChangedTableIsWithdrawnAtOnceAndDeletedAfterItsLastUser() throws Exception {
        JsonNode script = script(200);
        SharedIcebergTables.Lease first = SharedIcebergTables.get(script);
        SharedIcebergTables.Lease second = SharedIcebergTables.get(script);
        assertThat(second.made()).isSameAs(first.made());
        Path folder = folder(first.made());
        Files.writeString(folder.resolve("metadata").resolve("written-by-an-engine.txt"), "x");

        SharedIcebergTables.release(first);
        SharedIcebergTables.release(first);
        assertThat(folder).as("still in use by the other scenario (a lease counts once)").isDirectory();
        SharedIcebergTables.Lease next = SharedIcebergTables.get(script);
        assertThat(next.made()).as("a new table for the next scenario").isNotSameAs(first.made());
        assertThat(folder(next.made())).isNotEqualTo(folder);

        SharedIcebergTables.release(second);
        assertThat(folder).as("deleted once its last user ended").doesNotExist();
        SharedIcebergTables.release(next);
        assertThat(folder(next.made())).isDirectory();
    }
}
