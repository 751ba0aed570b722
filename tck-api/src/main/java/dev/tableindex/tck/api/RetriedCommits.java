package dev.tableindex.tck.api;

import dev.tableindex.proto.tck.ApplyStaleTableOperationRequest;
import dev.tableindex.proto.tck.ApplyTableOperationResult;

/**
 * Capability {@code table.retried_commits}: a table operation applied by a writer that read an older version
 * than the latest, so that its commit meets versions other writers committed meanwhile and is retried (or
 * refused as a conflict). What a retried commit writes is judged as any commit is: on the manifests and files.
 */
public interface RetriedCommits extends Facet {
    /**
     * Applies the operation as a writer that read {@code read_version}; returns the version the commit created.
     *
     * @throws EngineRefusal when the engine gives the commit up (refusal reason REFUSED_COMMIT_CONFLICT)
     */
    ApplyTableOperationResult applyStale(ApplyStaleTableOperationRequest request);
}
