package dev.tableindex.tck.api;

import dev.tableindex.proto.tck.ReadIndexMetadataRequest;
import dev.tableindex.proto.tck.ReadIndexMetadataResult;
import dev.tableindex.proto.tck.ValidateIndexMetadataRequest;
import dev.tableindex.proto.tck.ValidateIndexMetadataResult;

/**
 * Capability {@code iceberg_index.metadata}: validate an Iceberg index metadata file (every violation, as a
 * JSON path and a rule code) and read it as a reader does.
 */
public interface IcebergIndexMetadata extends Facet {
    ValidateIndexMetadataResult validateIndexMetadata(ValidateIndexMetadataRequest request);

    /**
     * @throws EngineRefusal when the engine cannot read the file
     */
    ReadIndexMetadataResult readIndexMetadata(ReadIndexMetadataRequest request);
}
