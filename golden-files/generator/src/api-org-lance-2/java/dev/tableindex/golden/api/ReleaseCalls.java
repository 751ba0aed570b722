package dev.tableindex.golden.api;

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.lance.Dataset;
import org.lance.ReadOptions;
import org.lance.Transaction;
import org.lance.index.Index;
import org.lance.operation.Operation;

/**
 * The calls of org.lance 2.0.x whose signatures differ from 4.x–7.x (src/api-org-lance-7 has those);
 * everything else is in src/api-org-lance-common.
 */
final class ReleaseCalls {
  private ReleaseCalls() {}

  /** Commits {@code op} as one transaction; 2.0.x has no SourcedTransaction, so the read version is explicit. */
  static void commit(Dataset ds, Operation op, String opText, List<String> steps) throws Exception {
    Transaction tx = ds.newTransactionBuilder().readVersion(ds.version()).operation(op).build();
    try (Dataset nd = tx.commit()) {
      steps.add("newTransactionBuilder().readVersion(" + (nd.version() - 1) + ").operation(" + opText
          + ").build().commit() -> v" + nd.version());
    }
  }

  /** 2.0.x has no commitExistingIndexSegments: always false, the caller commits a CreateIndex. */
  static boolean commitExistingIndexSegments(Dataset ds, List<Index> segs, List<String> steps,
      List<String> notes) {
    return false;
  }

  /** 2.0.x: ReadOptions.Builder.setVersion takes an int. */
  static Dataset openVersion(BufferAllocator alloc, String uri, long version) {
    return Dataset.open(alloc, uri, new ReadOptions.Builder().setVersion((int) version).build());
  }
}
