package dev.tableindex.tck.api;

import dev.tableindex.proto.tck.OpenIndexRequest;
import dev.tableindex.proto.tck.OpenIndexResult;

/**
 * Capability {@code index.open_requests}: open an index's files through an object store that counts
 * requests, so the kit can check that recorded file sizes spare the size (HEAD) requests.
 */
public interface IndexOpening extends Facet {
    OpenIndexResult openIndex(OpenIndexRequest request);
}
