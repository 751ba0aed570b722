package dev.tableindex.tck.engine;

import dev.tableindex.model.iceberg.data.IndexDataBuilder;
import dev.tableindex.model.iceberg.data.IndexFields;
import dev.tableindex.model.iceberg.encryption.IndexDataEncryption;
import dev.tableindex.model.iceberg.encryption.KitKms;
import dev.tableindex.model.iceberg.metadata.EncryptionKey;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.read.RowFilter;
import dev.tableindex.model.iceberg.read.IndexReader;
import dev.tableindex.model.iceberg.read.QueryAnswer;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceRow;
import dev.tableindex.model.iceberg.table.SourceTable;
import dev.tableindex.proto.tck.BuildEncryptedIcebergIndexRequest;
import dev.tableindex.proto.tck.BuildEncryptedIcebergIndexResult;
import dev.tableindex.proto.tck.BuildIcebergIndexRequest;
import dev.tableindex.proto.tck.IcebergEncryptionKey;
import dev.tableindex.proto.tck.BuildIcebergIndexResult;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.IcebergRowPointer;
import dev.tableindex.proto.tck.QueryIcebergIndexRequest;
import dev.tableindex.proto.tck.QueryIcebergIndexResult;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.IcebergIndexBuilding;
import dev.tableindex.tck.api.IcebergIndexEncryption;
import dev.tableindex.tck.api.IcebergIndexQuerying;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.iceberg.FileFormat;

/** iceberg_index.build, iceberg_index.query and iceberg_index.encryption of the reference engine: the model's builder, reader and encryption. */
final class ReferenceIcebergIndexData implements IcebergIndexBuilding, IcebergIndexQuerying, IcebergIndexEncryption {

    @Override
    public BuildIcebergIndexResult buildIcebergIndex(BuildIcebergIndexRequest request) {
        IndexMetadata metadata = metadata(request.getMetadataPath());
        SourceTable table = table(request.getTablePath());
        Path data = Path.of(request.getDataPath());
        String name = unusedName(data, "snapshot-" + request.getSourceSnapshotId());
        IndexDataBuilder.Built built = IndexDataBuilder.build(metadata.definition(), table,
                request.getSourceSnapshotId(), data, name, options(request));
        return BuildIcebergIndexResult.newBuilder().setTrackingFile(LocalFileIO.uri(built.trackingFile())).build();
    }

    /** The plain build, then every file encrypted with Iceberg's standard encryption over the kit's KMS. */
    @Override
    public BuildEncryptedIcebergIndexResult buildEncryptedIcebergIndex(BuildEncryptedIcebergIndexRequest request) {
        BuildIcebergIndexRequest build = request.getBuild();
        IndexMetadata metadata = metadata(build.getMetadataPath());
        SourceTable table = table(build.getTablePath());
        KitKms kms;
        try {
            kms = new KitKms(request.getKmsKeyId(), request.getKmsKey().toByteArray());
        } catch (RuntimeException e) {
            throw refusal("BAD_KMS_KEY", e);
        }
        Path data = Path.of(build.getDataPath());
        IndexDataBuilder.Built built = IndexDataBuilder.build(metadata.definition(), table, build.getSourceSnapshotId(),
                data, unusedName(data, "encrypted-" + build.getSourceSnapshotId()), options(build));
        IndexDataEncryption.Encrypted encrypted = IndexDataEncryption.encrypt(built,
                new IndexFields(metadata.definition(), table.schemaOf(build.getSourceSnapshotId())), kms);
        BuildEncryptedIcebergIndexResult.Builder result = BuildEncryptedIcebergIndexResult.newBuilder()
                .setTrackingFile(LocalFileIO.uri(encrypted.trackingFile())).setKeyId(encrypted.keyId());
        for (EncryptionKey key : encrypted.encryptionKeys()) {
            result.addEncryptionKeys(IcebergEncryptionKey.newBuilder().setKeyId(key.keyId())
                    .setEncryptedKeyMetadata(key.encryptedKeyMetadata()).setEncryptedById(key.encryptedById().orElse(""))
                    .putAllProperties(key.properties()));
        }
        return result.build();
    }

    private static IndexDataBuilder.Options options(BuildIcebergIndexRequest request) {
        int target = request.getTargetRowsPerRangeFile() == 0 ? 1000 : request.getTargetRowsPerRangeFile();
        FileFormat format = request.getRangeFileFormat().isEmpty() ? FileFormat.PARQUET
                : FileFormat.fromString(request.getRangeFileFormat());
        return new IndexDataBuilder.Options(format, target);
    }

    @Override
    public QueryIcebergIndexResult queryIcebergIndex(QueryIcebergIndexRequest request) {
        IndexMetadata metadata = metadata(request.getMetadataPath());
        SourceTable table = table(request.getTablePath());
        RowFilter predicate;
        try {
            predicate = IcebergFilters.filter(table, request);
        } catch (RuntimeException e) {
            throw refusal("BAD_FILTER", e);
        }
        QueryAnswer answer = IndexReader.query(metadata, table, request.getSnapshotId(), predicate);
        QueryIcebergIndexResult.Builder result = QueryIcebergIndexResult.newBuilder().setRoute(answer.route().name());
        for (SourceRow row : answer.rows()) {
            result.addRows(IcebergRowPointer.newBuilder().setFile(row.file()).setPos(row.pos()));
        }
        return result.build();
    }

    private static IndexMetadata metadata(String path) {
        try {
            return IndexMetadataJson.read(Files.readAllBytes(Path.of(path)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            throw refusal("BAD_METADATA", e);
        }
    }

    private static SourceTable table(String path) {
        try {
            return SourceTable.load(Path.of(path));
        } catch (RuntimeException e) {
            throw refusal("BAD_TABLE", e);
        }
    }

    private static String unusedName(Path folder, String base) {
        String name = base;
        for (int i = 2; Files.exists(folder.resolve(name + "-tracking.avro")); i++) {
            name = base + "-" + i;
        }
        return name;
    }

    private static EngineRefusal refusal(String kind, RuntimeException e) {
        return new EngineRefusal(EngineError.newBuilder().setKind(kind).setMessage(String.valueOf(e.getMessage()))
                .build());
    }
}
