package dev.tableindex.tck.api;

import dev.tableindex.proto.tck.ReadManifestRequest;
import dev.tableindex.proto.tck.ReadManifestResult;

/** Capability {@code manifest.read}: decode one Lance manifest into its protobuf sections. */
public interface ManifestReading extends Facet {
    /**
     * @return the manifest's sections exactly as decoded
     * @throws EngineRefusal when the engine refuses the file (its error kind should be a
     *     ManifestProblem name, e.g. {@code BAD_MAGIC})
     */
    ReadManifestResult readManifest(ReadManifestRequest request);
}
