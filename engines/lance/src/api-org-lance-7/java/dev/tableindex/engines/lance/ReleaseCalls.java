package dev.tableindex.engines.lance;

import java.util.Set;
import org.lance.Dataset;
import org.lance.SourcedTransaction;
import org.lance.fragment.FragmentUpdateResult;
import org.lance.ipc.ScanOptions;
import org.lance.operation.Operation;

/**
 * The calls of org.lance 7.x (API generation {@code org-lance-7}, the default) that older releases lack or spell
 * differently; {@code src/api-org-lance-4} and {@code src/api-org-lance-2} have theirs. The pom picks one source
 * set by {@code lance.api}; everything else is in {@code src/main/java}.
 */
final class ReleaseCalls {
    private ReleaseCalls() {
    }

    /** Commits {@code op} as one transaction on top of {@code ds}; the new version. */
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

    /** The fragments to hand to {@code Fragment.updateColumns}; null = every one (7.x says which it changed). */
    static Set<Integer> fragmentsToUpdate(Dataset ds, String key, Set<String> keyLiterals) {
        return null;
    }

    static boolean updatedAnyRow(FragmentUpdateResult result) {
        return result.getUpdatedRowOffsets().length > 0;
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
