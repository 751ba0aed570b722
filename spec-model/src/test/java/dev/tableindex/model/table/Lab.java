package dev.tableindex.model.table;

import dev.tableindex.model.index.IndexCatalog;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.tck.TableOperation;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.roaringbitmap.RoaringBitmap;

/**
 * Test helper: a dataset folder driven as the reference engine drives it (read the latest version,
 * apply one operation, write the commit), with a fixed clock and seeded uuids.
 */
final class Lab {
    static final long NOW = 1_796_015_181_432L;
    final Path root;
    final TableEnvironment env;
    /** What the model built for the last commit, before writing. */
    ManifestFile lastWritten;
    Commit lastCommit;

    Lab(Path root) {
        this(root, 42);
    }

    Lab(Path root, long seed) {
        this.root = root;
        this.env = TableEnvironment.deterministic(Clock.fixed(Instant.ofEpochMilli(NOW), ZoneOffset.UTC), seed);
    }

    Lab apply(TableOperation operation) {
        if (operation.hasCreateTable()) {
            lastCommit = TableOperations.create(operation.getCreateTable(), env);
        } else {
            TableStore.Loaded loaded = TableStore.load(root);
            TableStore.checkWritable(loaded.manifest());
            lastCommit = TableOperations.apply(loaded.table(), operation, env);
        }
        lastWritten = TableStore.commit(root, lastCommit, env);
        return this;
    }

    TableVersion table() {
        return TableStore.load(root).table();
    }

    ManifestFile manifest() {
        return TableStore.readLatest(root);
    }

    IndexCatalog catalog() {
        return TableStore.catalog(root, manifest());
    }

    List<IndexMetadata> segments(String name) {
        return table().segments(name);
    }

    long count(String filter, boolean useIndex) {
        TableStore.Loaded loaded = TableStore.load(root);
        Filter parsed = Filter.parse(filter);
        return useIndex ? RowCounter.withIndex(loaded.table(), parsed, TableStore.catalog(root, loaded.manifest()))
                : RowCounter.scan(loaded.table(), parsed);
    }

    static List<Long> ids(RoaringBitmap bitmap) {
        List<Long> ids = new java.util.ArrayList<>();
        bitmap.forEach((int id) -> ids.add((long) id));
        return ids;
    }

    static List<Long> covered(IndexMetadata segment) {
        return ids(IndexMaintenance.covered(segment).orElseThrow());
    }

    /** JSON rows {"id":i,"name":"n<i>"} for ids from..to-1. */
    static String rows(int from, int to) {
        StringBuilder json = new StringBuilder("[");
        for (int i = from; i < to; i++) {
            json.append(i == from ? "" : ",").append("{\"id\":").append(i).append(",\"name\":\"n").append(i)
                    .append("\"}");
        }
        return json.append("]").toString();
    }
}
