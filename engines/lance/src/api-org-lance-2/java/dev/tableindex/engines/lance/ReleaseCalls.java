package dev.tableindex.engines.lance;

import dev.tableindex.tck.api.EngineUnsupported;
import java.util.List;
import java.util.Set;
import org.lance.Dataset;
import org.lance.Transaction;
import org.lance.fragment.FragmentUpdateResult;
import org.lance.ipc.ScanOptions;
import org.lance.operation.Operation;

/**
 * org.lance 2.0.x (API generation {@code org-lance-2}): no {@code SourcedTransaction} (a {@code Transaction} with an
 * explicit read version), no {@code Dataset.dropIndex}, no {@code ScanOptions.Builder.useScalarIndex} and no
 * {@code FragmentUpdateResult.getUpdatedRowOffsets()}.
 */
final class ReleaseCalls {
    private ReleaseCalls() {
    }

    static long commit(Dataset ds, Operation op) {
        Transaction transaction = ds.newTransactionBuilder().readVersion(ds.version()).operation(op).build();
        try (Dataset committed = transaction.commit()) {
            return committed.version();
        }
    }

    /** The 2.0.x Java API cannot drop an index: the scenario fails with this reason (an engine limit). */
    static void dropIndex(Dataset ds, String name) {
        throw new EngineUnsupported("drop_index: Lance 2.0.x's Java API has no Dataset.dropIndex");
    }

    /**
     * 2.0.x cannot switch scalar indexes off for a scan (Lance's default, use_scalar_index = true): a count
     * "without indexes" uses them too, so the with/without comparison only checks the indexed count. Its
     * {@code countRows} also refuses a scan that selects columns ("count_rows should not be called on a plan
     * selecting columns"; a scan selects every column unless told otherwise) and wants the row id ("count_rows called
     * but with_row_id is false").
     */
    static ScanOptions.Builder scanOptions(boolean useIndex) {
        return new ScanOptions.Builder().columns(List.of()).withRowId(true);
    }

    static Set<Integer> fragmentsToUpdate(Dataset ds, String key, Set<String> keyLiterals) {
        return LanceEngine.fragmentsHolding(ds, key, keyLiterals, scanOptions(false));
    }

    static boolean updatedAnyRow(FragmentUpdateResult result) {
        return true;
    }

    /** A Lance file writer of file format {@code version} ("2.0", "2.1"): 2.0.x takes the version as an enum. */
    static org.lance.file.LanceFileWriter openFileWriter(String path, org.apache.arrow.memory.BufferAllocator allocator,
            String version) throws java.io.IOException {
        return org.lance.file.LanceFileWriter.open(path, allocator, null,
                java.util.Optional.of(org.lance.WriteParams.LanceFileVersion.valueOf("V" + version.replace('.', '_'))),
                java.util.Map.of());
    }

    /** Opens the dataset at {@code uri}, at {@code version} or the latest when null (2.0.x takes the version as an int). */
    static org.lance.Dataset open(String uri, Long version, org.apache.arrow.memory.BufferAllocator allocator) {
        org.lance.ReadOptions.Builder options = new org.lance.ReadOptions.Builder();
        if (version != null) {
            options.setVersion(Math.toIntExact(version));
        }
        return org.lance.Dataset.open().allocator(allocator).uri(uri).readOptions(options.build()).build();
    }
}
