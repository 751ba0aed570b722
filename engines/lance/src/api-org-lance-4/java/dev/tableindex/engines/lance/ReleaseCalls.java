package dev.tableindex.engines.lance;

import java.util.Set;
import org.lance.Dataset;
import org.lance.SourcedTransaction;
import org.lance.fragment.FragmentUpdateResult;
import org.lance.ipc.ScanOptions;
import org.lance.operation.Operation;

/**
 * org.lance 4.x (API generation {@code org-lance-4}): as 7.x, except that {@code FragmentUpdateResult} has no
 * {@code getUpdatedRowOffsets()}, so the fragments holding a key are found with a scan first.
 */
final class ReleaseCalls {
    private ReleaseCalls() {
    }

    static long commit(Dataset ds, Operation op) {
        try (SourcedTransaction transaction = ds.newTransactionBuilder().operation(op).build();
             Dataset committed = transaction.commit()) {
            return committed.version();
        }
    }

    static void dropIndex(Dataset ds, String name) {
        ds.dropIndex(name);
    }

    static ScanOptions.Builder scanOptions(boolean useIndex) {
        return new ScanOptions.Builder().useScalarIndex(useIndex);
    }

    static Set<Integer> fragmentsToUpdate(Dataset ds, String key, Set<String> keyLiterals) {
        return LanceEngine.fragmentsHolding(ds, key, keyLiterals, scanOptions(false));
    }

    static boolean updatedAnyRow(FragmentUpdateResult result) {
        return true;
    }

    /** A Lance file writer of file format {@code version} ("2.0", "2.1"). */
    static org.lance.file.LanceFileWriter openFileWriter(String path, org.apache.arrow.memory.BufferAllocator allocator,
            String version) throws java.io.IOException {
        return org.lance.file.LanceFileWriter.open(path, allocator, null, java.util.Optional.of(version), java.util.Map.of());
    }

    /** Opens the dataset at {@code uri}, at {@code version} or the latest when null. */
    static org.lance.Dataset open(String uri, Long version, org.apache.arrow.memory.BufferAllocator allocator) {
        org.lance.ReadOptions.Builder options = new org.lance.ReadOptions.Builder();
        if (version != null) {
            options.setVersion(version);
        }
        return org.lance.Dataset.open().allocator(allocator).uri(uri).readOptions(options.build()).build();
    }
}
