package dev.tableindex.tck.api;

import dev.tableindex.proto.tck.CreateIcebergIndexRequest;
import dev.tableindex.proto.tck.CreateIcebergIndexResult;

/**
 * Capability {@code iceberg_index.create}: create an Iceberg index for a real Iceberg table from a definition as a
 * user asks for it, writing its first metadata file in the kit's file catalog; the kit judges that file.
 */
public interface IcebergIndexCreation extends Facet {
    /**
     * @throws EngineRefusal when no valid index metadata file can hold the definition
     */
    CreateIcebergIndexResult createIcebergIndex(CreateIcebergIndexRequest request);
}
