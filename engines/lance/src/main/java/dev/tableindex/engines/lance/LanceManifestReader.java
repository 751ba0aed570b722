package dev.tableindex.engines.lance;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Timestamp;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.proto.lance.table.DataFile;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.DeletionFile;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.lance.table.Manifest;
import dev.tableindex.proto.lance.table.UUID;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.ReadManifestRequest;
import dev.tableindex.proto.tck.ReadManifestResult;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.ManifestReading;
import dev.tableindex.tck.run.FileTrees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.lance.Dataset;
import org.lance.Fragment;
import org.lance.FragmentMetadata;
import org.lance.index.Index;

/**
 * Capability {@code manifest.read} on real Lance: each manifest is opened as a dataset folder with Lance's own
 * reader ({@code Dataset.open}), and the result is what Lance's Java API says it read. A manifest file on its own
 * ({@code manifest_path}) is copied into a scratch dataset folder as its only version; Lance takes the version from
 * the manifest, not from the file's name.
 *
 * <p>The API exposes the version, the fragments (data files, physical rows, deletion files) and the index entries
 * ({@code Dataset.getIndexes()}: uuid, fields, name, dataset version, coverage, details, index version, creation
 * time, base id). It does not expose the feature flags, {@code IndexMetadata.files}, {@code covering_fields} (7.0.0
 * and older do not know the field) or the embedded Transaction as a message, so the result leaves them unset and
 * names them in {@code unreported} rather than filling in values Lance did not give. Which manifest fields are
 * filled is listed in engines/lance/README.md.
 *
 * <p>A refusal is Lance's error, kind {@code OTHER}, with no offset: Lance's messages name neither a
 * {@code ManifestProblem} nor a byte. Some damaged manifests abort the JVM (a Rust panic on a section length past the
 * end of the file): the forked engine then dies, and that scenario is ERROR.
 */
final class LanceManifestReader implements ManifestReading {
    /** What Lance read but its Java API does not expose (ReadManifestResult.unreported). */
    static final List<String> UNREPORTED = List.of("reader_feature_flags", "writer_feature_flags", "indices.files",
            "indices.covering_fields", "transaction");
    /** The name a lone manifest gets in its scratch folder: version 1 in Lance's V2 naming (u64::MAX - 1). */
    static final String LONE_MANIFEST_NAME = "18446744073709551614.manifest";

    @Override
    public ReadManifestResult readManifest(ReadManifestRequest request) {
        if (!request.getManifestPath().isEmpty()) {
            Path folder = datasetFolderHolding(Path.of(request.getManifestPath()));
            try {
                return read(folder.toString(), null);
            } finally {
                FileTrees.delete(folder);
            }
        }
        return read(request.getDatasetPath(), request.hasVersion() ? request.getVersion() : null);
    }

    private static ReadManifestResult read(String uri, Long version) {
        try (Dataset ds = ReleaseCalls.open(uri, version, LanceEngine.allocator())) {
            Manifest.Builder manifest = Manifest.newBuilder().setVersion(ds.version());
            for (Fragment fragment : ds.getFragments()) {
                manifest.addFragments(fragment(fragment.metadata()));
            }
            ReadManifestResult.Builder result = ReadManifestResult.newBuilder().addAllUnreported(UNREPORTED);
            List<Index> indexes = ds.getIndexes();
            if (!indexes.isEmpty()) {
                IndexSection.Builder section = IndexSection.newBuilder();
                indexes.forEach(index -> section.addIndices(entry(index)));
                result.setIndexSection(section);
            }
            java.time.Instant written = ds.getVersion().getDataTime().toInstant();
            manifest.setTimestamp(Timestamp.newBuilder().setSeconds(written.getEpochSecond()).setNanos(written.getNano()));
            return result.setManifest(manifest).build();
        } catch (EngineRefusal e) {
            throw e;
        } catch (Exception e) {
            // native errors arrive as exceptions Java does not declare (IOException, RuntimeException)
            throw new EngineRefusal(EngineError.newBuilder().setKind("OTHER").setOffset(-1)
                    .setMessage("Lance refuses the manifest: " + LanceCalls.clean(e)).build());
        }
    }

    /** A scratch dataset folder whose only version is a copy of {@code manifest}. */
    private static Path datasetFolderHolding(Path manifest) {
        try {
            Path folder = Files.createTempDirectory("tck-lance-manifest-");
            Path versions = Files.createDirectories(folder.resolve("_versions"));
            Files.copy(manifest, versions.resolve(LONE_MANIFEST_NAME));
            return folder;
        } catch (IOException e) {
            throw new EngineRefusal(EngineError.newBuilder().setKind("IO").setOffset(-1)
                    .setMessage("cannot copy " + manifest + " into a dataset folder: " + e.getMessage()).build());
        }
    }

    private static DataFragment fragment(FragmentMetadata metadata) {
        DataFragment.Builder fragment = DataFragment.newBuilder().setId(metadata.getId())
                .setPhysicalRows(metadata.getPhysicalRows());
        for (org.lance.fragment.DataFile file : metadata.getFiles()) {
            DataFile.Builder data = DataFile.newBuilder().setPath(file.getPath())
                    .setFileMajorVersion(file.getFileMajorVersion()).setFileMinorVersion(file.getFileMinorVersion());
            for (int field : file.getFields()) {
                data.addFields(field);
            }
            for (int column : file.getColumnIndices()) {
                data.addColumnIndices(column);
            }
            if (file.getFileSizeBytes() != null) {
                data.setFileSizeBytes(file.getFileSizeBytes());
            }
            file.getBaseId().ifPresent(data::setBaseId);
            fragment.addFiles(data);
        }
        org.lance.fragment.DeletionFile deletion = metadata.getDeletionFile();
        if (deletion != null) {
            DeletionFile.Builder file = DeletionFile.newBuilder().setId(deletion.getId()).setReadVersion(deletion.getReadVersion())
                    .setFileType(deletion.getFileType() == org.lance.fragment.DeletionFileType.BITMAP
                            ? DeletionFile.DeletionFileType.BITMAP : DeletionFile.DeletionFileType.ARROW_ARRAY);
            if (deletion.getNumDeletedRows() != null) {
                file.setNumDeletedRows(deletion.getNumDeletedRows());
            }
            deletion.getBaseId().ifPresent(file::setBaseId);
            fragment.setDeletionFile(file);
        }
        return fragment.build();
    }

    /** An index entry as Lance read it; coverage Lance does not know (no bitmap) stays empty bytes. */
    private static IndexMetadata entry(Index index) {
        IndexMetadata.Builder entry = IndexMetadata.newBuilder()
                .setUuid(UUID.newBuilder().setUuid(ByteString.copyFrom(IndexSegment.uuidToBytes(index.uuid()))))
                .addAllFields(index.fields()).setName(index.name()).setDatasetVersion(index.datasetVersion())
                .setIndexVersion(index.indexVersion());
        index.fragments().ifPresent(ids -> entry.setFragmentBitmap(ByteString.copyFrom(
                FragmentCoverage.of(ids.stream().mapToLong(Integer::longValue).toArray()).encode())));
        if (index.indexDetails().isPresent()) {
            try {
                entry.setIndexDetails(Any.parseFrom(index.indexDetails().get()));
            } catch (InvalidProtocolBufferException e) {
                throw new UncheckedIOException(new IOException("Lance returned index details that are not a google.protobuf.Any: "
                        + e.getMessage(), e));
            }
        }
        index.createdAt().ifPresent(at -> entry.setCreatedAt(at.toEpochMilli()));
        index.baseId().ifPresent(entry::setBaseId);
        return entry.build();
    }
}
