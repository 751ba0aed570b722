package dev.tableindex.golden.api;

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.lance.Dataset;
import org.lance.ReadOptions;
import org.lance.SourcedTransaction;
import org.lance.index.Index;
import org.lance.operation.Operation;

/**
 * The calls of org.lance 4.x–7.x whose signatures differ from 2.0.x (src/api-org-lance-2 has the 2.0.x ones);
 * everything else is in src/api-org-lance-common.
 */
final class ReleaseCalls {
  private ReleaseCalls() {}

  /** Commits {@code op} as one transaction; {@code opText} is how the step line spells the operation. */
  static void commit(Dataset ds, Operation op, String opText, List<String> steps) throws Exception {
    try (SourcedTransaction tx = ds.newTransactionBuilder().operation(op).build(); Dataset nd = tx.commit()) {
      steps.add("newTransactionBuilder().operation(" + opText + ").build().commit() -> v" + nd.version());
    }
  }

  /** False (with a note) when commitExistingIndexSegments fails; the caller then commits a CreateIndex. */
  static boolean commitExistingIndexSegments(Dataset ds, List<Index> segs, List<String> steps,
      List<String> notes) {
    try {
      List<Index> out = ds.commitExistingIndexSegments("id_idx", "id", segs);
      ds.checkoutLatest();
      steps.add("commitExistingIndexSegments(\"id_idx\", \"id\", [segment {0}, segment {1}] built with "
          + "Index.builder() incl. indexDetails Any(/lance.table.BTreeIndexDetails)) -> " + out.size()
          + " segments, v" + ds.version());
      return true;
    } catch (RuntimeException e) {
      notes.add("commitExistingIndexSegments failed (" + e.getMessage().split("\n")[0]
          + "); fell back to a CreateIndex transaction");
      return false;
    }
  }

  static Dataset openVersion(BufferAllocator alloc, String uri, long version) {
    return Dataset.open(alloc, uri, new ReadOptions.Builder().setVersion(version).build());
  }
}
