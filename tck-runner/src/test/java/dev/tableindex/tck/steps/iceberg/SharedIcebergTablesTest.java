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
        List<Future<SharedIcebergTables.Made>> asked = new ArrayList<>();
        try {
            for (int i = 0; i < threads; i++) {
                asked.add(pool.submit(() -> {
                    start.await();
                    return SharedIcebergTables.get(script);
                }));
            }
            start.countDown();
            List<SharedIcebergTables.Made> tables = new ArrayList<>();
            for (Future<SharedIcebergTables.Made> f : asked) {
                tables.add(f.get(60, TimeUnit.SECONDS));
            }
            assertThat(tables).allSatisfy(t -> assertThat(t).isSameAs(tables.get(0)));
            assertThat(tables.get(0).table().liveRows(tables.get(0).snapshots().get(0))).hasSize(2);
            tables.forEach(t -> SharedIcebergTables.release(script, t));
            assertThat(folder(tables.get(0))).isDirectory();
            assertThat(SharedIcebergTables.get(script)).as("an unchanged table is handed out again").isSameAs(tables.get(0));
            SharedIcebergTables.release(script, tables.get(0));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aChangedTableIsWithdrawnAtOnceAndDeletedAfterItsLastUser() throws Exception {
        JsonNode script = script(200);
        SharedIcebergTables.Made first = SharedIcebergTables.get(script);
        SharedIcebergTables.Made second = SharedIcebergTables.get(script);
        assertThat(second).isSameAs(first);
        Path folder = folder(first);
        Files.writeString(folder.resolve("metadata").resolve("written-by-an-engine.txt"), "x");

        SharedIcebergTables.release(script, first);
        assertThat(folder).as("still in use by the other scenario").isDirectory();
        SharedIcebergTables.Made next = SharedIcebergTables.get(script);
        assertThat(next).as("a new table for the next scenario").isNotSameAs(first);
        assertThat(folder(next)).isNotEqualTo(folder);

        SharedIcebergTables.release(script, second);
        assertThat(folder).as("deleted once its last user ended").doesNotExist();
        SharedIcebergTables.release(script, next);
        assertThat(folder(next)).isDirectory();
    }
}
