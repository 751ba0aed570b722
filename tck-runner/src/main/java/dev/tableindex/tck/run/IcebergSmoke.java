package dev.tableindex.tck.run;

import dev.tableindex.model.iceberg.commit.CommitOutcome;
import dev.tableindex.model.iceberg.commit.FileMetadataPointer;
import dev.tableindex.model.iceberg.commit.IndexCommitter;
import dev.tableindex.model.iceberg.commit.IndexLocations;
import dev.tableindex.model.iceberg.data.IndexDataBuilder;
import dev.tableindex.model.iceberg.data.IndexDataChecker;
import dev.tableindex.model.iceberg.definition.ExpressionField;
import dev.tableindex.model.iceberg.definition.IndexDefinition;
import dev.tableindex.model.iceberg.definition.IndexType;
import dev.tableindex.model.iceberg.definition.ReservedFieldIds;
import dev.tableindex.model.iceberg.definition.ValueExpression;
import dev.tableindex.model.iceberg.encryption.EncryptedIndexFiles;
import dev.tableindex.model.iceberg.encryption.KitKms;
import dev.tableindex.model.iceberg.metadata.EncryptionKey;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.metadata.IndexMetadataValidator;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceTable;
import com.google.protobuf.ByteString;
import dev.tableindex.proto.tck.BuildEncryptedIcebergIndexRequest;
import dev.tableindex.proto.tck.BuildEncryptedIcebergIndexResult;
import dev.tableindex.proto.tck.BuildIcebergIndexRequest;
import dev.tableindex.proto.tck.CommitIndexUpdatesRequest;
import dev.tableindex.proto.tck.CreateIcebergIndexRequest;
import dev.tableindex.proto.tck.IndexMetadataUpdate;
import dev.tableindex.proto.tck.IndexMetadataViolation;
import dev.tableindex.proto.tck.QueryIcebergIndexRequest;
import dev.tableindex.proto.tck.SetIndexProperty;
import dev.tableindex.proto.tck.ValidateIndexMetadataRequest;
import dev.tableindex.tck.api.Capability;
import dev.tableindex.tck.api.IcebergIndexBuilding;
import dev.tableindex.tck.api.IcebergIndexCommits;
import dev.tableindex.tck.api.IcebergIndexCreation;
import dev.tableindex.tck.api.IcebergIndexEncryption;
import dev.tableindex.tck.api.IcebergIndexMetadata;
import dev.tableindex.tck.api.IcebergIndexQuerying;
import dev.tableindex.tck.api.TckEngine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;

/**
 * {@code tck smoke}'s known-answer request for each Iceberg index capability (docs/iceberg-index.md), each in a
 * folder of its own: a tiny real Iceberg table of three rows {@code (1, a), (2, b), (3, a)} where one is needed. The
 * answers were worked by hand; the TCK run judges everything else.
 */
final class IcebergSmoke {
    private static final Schema SCHEMA = new Schema(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "city", Types.StringType.get()));
    private static final int FILE_FIELD = 1000;
    private static final int POS_FIELD = 1001;

    private IcebergSmoke() {
    }

    /** null when the engine answered an Iceberg capability's request as expected, else what is wrong. */
    static String check(Capability capability, TckEngine engine, GoldenStore golden, Path scratch) {
        Path folder = scratch.resolve("iceberg").resolve(capability.id());
        return switch (capability) {
            case ICEBERG_INDEX_METADATA -> validate(engine, golden);
            case ICEBERG_INDEX_COMMIT -> commit(engine, folder);
            case ICEBERG_INDEX_CREATE -> create(engine, folder);
            case ICEBERG_INDEX_BUILD -> build(engine, folder);
            case ICEBERG_INDEX_QUERY -> query(engine, folder);
            case ICEBERG_INDEX_ENCRYPTION -> encrypted(engine, folder);
            default -> throw new IllegalArgumentException(capability.id() + " is no Iceberg index capability");
        };
    }

    /** invalid/type-lower-case.json breaks one rule: $['type'] type-upper-case. */
    private static String validate(TckEngine engine, GoldenStore golden) {
        Path file = golden.path("iceberg-index/metadata/invalid/type-lower-case.json");
        String schema = read(golden.path("iceberg-index/metadata/source-schema.json"));
        List<String> got = engine.facet(IcebergIndexMetadata.class).validateIndexMetadata(ValidateIndexMetadataRequest
                .newBuilder().setMetadataPath(file.toString()).setSourceSchemaJson(schema).build()).getViolationsList()
                .stream().map(IndexMetadataViolation::getRule).toList();
        return got.equals(List.of("type-upper-case")) ? ok()
                : "validating invalid/type-lower-case.json gave the rules " + got + ", expected [type-upper-case]";
    }

    /** A property set on the kit's index: the pointer names a new file that holds it. */
    private static String commit(TckEngine engine, Path folder) {
        FileMetadataPointer pointer = new FileMetadataPointer(folder.resolve("catalog"), "smoke");
        IndexCommitter kit = new IndexCommitter(pointer, Clock.systemUTC(), () -> UUID.randomUUID().toString());
        CommitOutcome created = kit.create(IndexMetadata.create(UUID.randomUUID().toString(),
                UUID.randomUUID().toString(), IndexLocations.of(folder.resolve("index")), 0, new IndexDefinition(
                        IndexType.SCALAR, List.of(1), List.of(), List.of(), List.of(1)), Map.of()));
        String first = ((CommitOutcome.Committed) created).metadataFile();
        engine.facet(IcebergIndexCommits.class).commitIndexUpdates(CommitIndexUpdatesRequest.newBuilder()
                .setCatalogDir(folder.resolve("catalog").toString()).setIndexName("smoke")
                .addUpdates(IndexMetadataUpdate.newBuilder().setSetProperty(
                        SetIndexProperty.newBuilder().setKey("smoke").setValue("ok"))).build());
        String current = pointer.current().orElse(first);
        if (current.equals(first)) {
            return "after a commit of the property smoke=ok the catalog still names the first metadata file";
        }
        String value = IndexMetadataJson.read(bytes(IndexLocations.toPath(current))).properties().get("smoke");
        return "ok".equals(value) ? ok() : "the committed metadata file has smoke=" + value + ", expected ok";
    }

    /** An index of type "scalar" on id: a valid file with type SCALAR and no snapshots. */
    private static String create(TckEngine engine, Path folder) {
        SourceTable table = SourceTable.create(folder.resolve("table"), SCHEMA, FileFormat.PARQUET);
        engine.facet(IcebergIndexCreation.class).createIcebergIndex(CreateIcebergIndexRequest.newBuilder()
                .setCatalogDir(folder.resolve("catalog").toString()).setIndexName("smoke")
                .setTablePath(table.table().location()).setLocation(folder.resolve("index").toString())
                .setDefinitionJson("{\"type\": \"scalar\", \"identity-fields\": [1], \"cluster-spec\": [1]}").build());
        Optional<String> current = new FileMetadataPointer(folder.resolve("catalog"), "smoke").current();
        if (current.isEmpty()) {
            return "the engine created no index \"smoke\" in the catalog";
        }
        byte[] file = bytes(IndexLocations.toPath(current.get()));
        var violations = IndexMetadataValidator.withSourceSchemas(table.schemas()).validate(file);
        if (!violations.isEmpty()) {
            return "the created metadata file breaks the draft: " + violations;
        }
        IndexMetadata metadata = IndexMetadataJson.read(file);
        return metadata.definition().type().written().equals("SCALAR") && metadata.snapshots().isEmpty() ? ok()
                : "the created index has type " + metadata.definition().type().written() + " and "
                + metadata.snapshots().size() + " snapshots, expected SCALAR and none";
    }

    /** The index data of the three rows: valid, three entries. */
    private static String build(TckEngine engine, Path folder) {
        SourceTable table = table(folder);
        IndexMetadata metadata = index(table, folder);
        Path metadataFile = write(metadata, folder);
        String tracking = engine.facet(IcebergIndexBuilding.class).buildIcebergIndex(BuildIcebergIndexRequest
                .newBuilder().setTablePath(table.table().location()).setSourceSnapshotId(table.currentSnapshotId())
                .setMetadataPath(metadataFile.toString()).setDataPath(folder.resolve("index/data").toString())
                .setRangeFileFormat("parquet").setTargetRowsPerRangeFile(2).build()).getTrackingFile();
        IndexMetadata built = metadata.withSnapshot(IndexSnapshot.of(1, table.currentSnapshotId(), 0, tracking));
        var violations = new IndexDataChecker(built, Optional.of(table)).check(built.snapshots().get(0));
        return violations.isEmpty() ? ok() : "the index data breaks the draft: " + violations;
    }

    /** The index data of the three rows, encrypted: it opens through the answered keys and is valid. */
    private static String encrypted(TckEngine engine, Path folder) {
        SourceTable table = table(folder);
        IndexMetadata metadata = index(table, folder);
        Path metadataFile = write(metadata, folder);
        KitKms kms = new KitKms("smoke-master-key", "smoke-master-key".getBytes(StandardCharsets.US_ASCII));
        BuildEncryptedIcebergIndexResult result = engine.facet(IcebergIndexEncryption.class).buildEncryptedIcebergIndex(
                BuildEncryptedIcebergIndexRequest.newBuilder().setBuild(BuildIcebergIndexRequest.newBuilder()
                        .setTablePath(table.table().location()).setSourceSnapshotId(table.currentSnapshotId())
                        .setMetadataPath(metadataFile.toString()).setDataPath(folder.resolve("index/data").toString())
                        .setRangeFileFormat("parquet").setTargetRowsPerRangeFile(2))
                        .setKmsKeyId(kms.masterKeyId()).setKmsKey(ByteString.copyFrom(kms.masterKey())).build());
        List<EncryptionKey> keys = result.getEncryptionKeysList().stream().map(k -> new EncryptionKey(k.getKeyId(),
                k.getEncryptedKeyMetadata(), k.getEncryptedById().isEmpty() ? Optional.empty()
                        : Optional.of(k.getEncryptedById()), k.getPropertiesMap())).toList();
        IndexMetadata built = metadata.withEncryptionKeys(keys).withSnapshot(new IndexSnapshot(1,
                table.currentSnapshotId(), 0, result.getTrackingFile(), Map.of(),
                result.getKeyId().isEmpty() ? Optional.empty() : Optional.of(result.getKeyId())));
        if (built.snapshots().get(0).keyId().isEmpty()) {
            return "the engine answered no key-id for the encrypted index snapshot";
        }
        var violations = new IndexDataChecker(built, Optional.of(table),
                new EncryptedIndexFiles(kms, folder.resolve("decrypted"))).check(built.snapshots().get(0));
        return violations.isEmpty() ? ok() : "the encrypted index data breaks the draft: " + violations;
    }

    /** city = 'a' through the kit's index: positions 0 and 2 of the table's one data file. */
    private static String query(TckEngine engine, Path folder) {
        SourceTable table = table(folder);
        IndexMetadata metadata = index(table, folder);
        long snapshot = table.currentSnapshotId();
        IndexDataBuilder.Built built = IndexDataBuilder.build(metadata.definition(), table, snapshot,
                folder.resolve("index/data"), "kit", new IndexDataBuilder.Options(FileFormat.PARQUET, 2));
        Path metadataFile = write(metadata.withSnapshot(IndexSnapshot.of(1, snapshot, 0,
                "data/" + built.trackingFile().getFileName())), folder);
        List<Long> positions = engine.facet(IcebergIndexQuerying.class).queryIcebergIndex(QueryIcebergIndexRequest
                .newBuilder().setTablePath(table.table().location()).setSnapshotId(snapshot)
                .setMetadataPath(metadataFile.toString())
                .setFilterJson("{\"type\": \"eq\", \"left\": {\"type\": \"reference\", \"id\": 2}, \"right\": \"a\"}")
                .build())
                .getRowsList().stream().map(r -> r.getPos()).sorted().toList();
        return positions.equals(List.of(0L, 2L)) ? ok()
                : "city = 'a' gave the positions " + positions + " of the data file, expected [0, 2]";
    }

    private static SourceTable table(Path folder) {
        SourceTable table = SourceTable.create(folder.resolve("table"), SCHEMA, FileFormat.PARQUET);
        table.append(List.of(row(1, "a"), row(2, "b"), row(3, "a")));
        return table;
    }

    private static Record row(long id, String city) {
        Record r = GenericRecord.create(SCHEMA);
        r.setField("id", id);
        r.setField("city", city);
        return r;
    }

    /** Identity field and cluster spec city; row pointers _file and _pos materialized. */
    private static IndexMetadata index(SourceTable table, Path folder) {
        return IndexMetadata.create(UUID.randomUUID().toString(), table.table().uuid().toString(),
                LocalFileIO.uri(folder.resolve("index")), 0, new IndexDefinition(IndexType.SCALAR, List.of(2), List.of(
                        ExpressionField.exprValue(FILE_FIELD, Types.StringType.get(), ValueExpression.ref(ReservedFieldIds.FILE)),
                        ExpressionField.exprValue(POS_FIELD, Types.LongType.get(), ValueExpression.ref(ReservedFieldIds.POS))),
                        List.of(), List.of(2)), Map.of());
    }

    private static Path write(IndexMetadata metadata, Path folder) {
        Path file = folder.resolve("index/metadata/00001-smoke.metadata.json");
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, IndexMetadataJson.toBytes(metadata));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    private static byte[] bytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        return new String(bytes(file), java.nio.charset.StandardCharsets.UTF_8);
    }

    /** The answer was right (Smoke reads null as ok). */
    private static String ok() {
        return null;
    }
}
