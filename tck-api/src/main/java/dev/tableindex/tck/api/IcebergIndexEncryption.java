package dev.tableindex.tck.api;

import dev.tableindex.proto.tck.BuildEncryptedIcebergIndexRequest;
import dev.tableindex.proto.tck.BuildEncryptedIcebergIndexResult;

/**
 * Capability {@code iceberg_index.encryption}: write an index snapshot's data encrypted, and answer the key-id and
 * encryption-keys entries the index metadata records for it; the kit follows the keys through every file.
 */
public interface IcebergIndexEncryption extends Facet {
    BuildEncryptedIcebergIndexResult buildEncryptedIcebergIndex(BuildEncryptedIcebergIndexRequest request);
}
