package dev.tableindex.tck.api;

import dev.tableindex.proto.tck.ApplyTableOperationRequest;
import dev.tableindex.proto.tck.ApplyTableOperationResult;
import dev.tableindex.proto.tck.CountRowsRequest;
import dev.tableindex.proto.tck.CountRowsResult;
import dev.tableindex.proto.tck.DescribeIndexesRequest;
import dev.tableindex.proto.tck.DescribeIndexesResult;

/**
 * Capability {@code table.lifecycle}: change a Lance dataset folder by one operation at a time,
 * writing real manifests, and read it back as a reader. The kit judges the manifests with its own
 * reader; the reads say what the engine itself makes of them.
 */
public interface TableLifecycle extends Facet {
    /**
     * @throws EngineRefusal when the engine refuses the operation; its kind says why, e.g.
     *     {@code WRITER_FEATURE_UNSUPPORTED} or {@code INDEX_NAME_EXISTS}
     */
    ApplyTableOperationResult apply(ApplyTableOperationRequest request);

    /** @throws EngineRefusal {@code READER_FEATURE_UNSUPPORTED} when the engine must not read the dataset */
    DescribeIndexesResult describeIndexes(DescribeIndexesRequest request);

    /** @throws EngineRefusal {@code READER_FEATURE_UNSUPPORTED} when the engine must not read the dataset */
    CountRowsResult countRows(CountRowsRequest request);
}
