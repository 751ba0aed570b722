package dev.tableindex.model.iceberg.encryption;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.model.iceberg.data.DataViolation;
import dev.tableindex.model.iceberg.data.IndexDataBuilder;
import dev.tableindex.model.iceberg.data.IndexDataChecker;
import dev.tableindex.model.iceberg.data.IndexFields;
import dev.tableindex.model.iceberg.definition.ExpressionField;
import dev.tableindex.model.iceberg.definition.IndexDefinition;
import dev.tableindex.model.iceberg.definition.IndexType;
import dev.tableindex.model.iceberg.definition.ReservedFieldIds;
import dev.tableindex.model.iceberg.definition.ValueExpression;
import dev.tableindex.model.iceberg.metadata.EncryptionKey;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceTable;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.ManifestListFile;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.encryption.BaseEncryptedKey;
import org.apache.iceberg.encryption.EncryptedKey;
import org.apache.iceberg.encryption.EncryptionManager;
import org.apache.iceberg.encryption.EncryptionUtil;
import org.apache.iceberg.encryption.StandardEncryptionManager;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.ByteBuffers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IndexDataEncryptionTest {
    static final Schema SCHEMA = new Schema(Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "city", Types.StringType.get()));
    static final IndexDefinition DEFINITION = new IndexDefinition(IndexType.SCALAR, List.of(2), List.of(
            ExpressionField.exprValue(1000, Types.StringType.get(), ValueExpression.ref(ReservedFieldIds.FILE)),
            ExpressionField.exprValue(1001, Types.LongType.get(), ValueExpression.ref(ReservedFieldIds.POS))),
            List.of(ExpressionField.exprValue(1002, Types.LongType.get(), ValueExpression.ref(1))), List.of(2));
    static final KitKms KMS = new KitKms("kit-master", "0123456789abcdef".getBytes(StandardCharsets.US_ASCII));

    @TempDir Path dir;

    private record Encrypted(SourceTable table, IndexMetadata metadata, IndexDataEncryption.Encrypted keys) {
    }

    private Encrypted encrypted() {
        SourceTable table = SourceTable.create(dir.resolve("t"), SCHEMA, FileFormat.PARQUET);
        Record a = GenericRecord.create(SCHEMA);
        a.setField("id", 1L);
        a.setField("city", "a");
        Record b = a.copy();
        b.setField("id", 2L);
        b.setField("city", "b");
        long snapshot = table.append(List.of(a, b));
        IndexDataBuilder.Built built = IndexDataBuilder.build(DEFINITION, table, snapshot, dir.resolve("index/data"), "s",
                new IndexDataBuilder.Options(FileFormat.PARQUET, 1));
        IndexDataEncryption.Encrypted keys = IndexDataEncryption.encrypt(built, new IndexFields(DEFINITION, SCHEMA), KMS);
        IndexMetadata metadata = IndexMetadata.create("u", "t", LocalFileIO.uri(dir.resolve("index")), 0, DEFINITION,
                Map.of()).withEncryptionKeys(keys.encryptionKeys()).withSnapshot(new IndexSnapshot(1, snapshot, 0,
                LocalFileIO.uri(keys.trackingFile()), Map.of(), Optional.of(keys.keyId())));
        return new Encrypted(table, metadata, keys);
    }

    private List<DataViolation> check(Encrypted e, IndexMetadata metadata) {
        return new IndexDataChecker(metadata, Optional.of(e.table()), new EncryptedIndexFiles(KMS, dir.resolve("plain")))
                .check(metadata.snapshots().get(0));
    }

    @Test
    void anEncryptedSnapshotChecksOutThroughItsKeysAndIsUnreadableWithoutThem() throws Exception {
        Encrypted e = encrypted();
        assertThat(check(e, e.metadata())).isEmpty();
        // a key-encryption key wrapped by the master key, and the tracking file's key metadata encrypted by it
        assertThat(e.keys().encryptionKeys()).hasSize(2);
        assertThat(Files.readAllBytes(e.keys().trackingFile())).startsWith("AGS1".getBytes(StandardCharsets.US_ASCII));
        assertThat(new IndexDataChecker(e.metadata(), Optional.of(e.table())).check(e.metadata().snapshots().get(0)))
                .extracting(DataViolation::rule).contains(DataViolation.Rule.TRACKING_FILE_FIELDS);
    }

    @Test
    void aKeyIdWithNoEncryptionKeysListNamesNoKey() {
        Encrypted e = encrypted();
        assertThat(check(e, e.metadata().withEncryptionKeys(List.of()))).extracting(DataViolation::rule)
                .containsExactly(DataViolation.Rule.SNAPSHOT_KEY_ID);
    }

    @Test
    void theTrackingFilesKeyMetadataInPlainFormIsReported() {
        Encrypted e = encrypted();
        List<EncryptedKey> keys = e.keys().encryptionKeys().stream().map(k -> (EncryptedKey) new BaseEncryptedKey(
                k.keyId(), ByteBuffer.wrap(Base64.getDecoder().decode(k.encryptedKeyMetadata())),
                k.encryptedById().orElse(null), k.properties())).toList();
        ByteBuffer plain = EncryptionUtil.decryptManifestListKeyMetadata(new ManifestListFile() {
            @Override
            public String location() {
                return e.keys().trackingFile().toString();
            }

            @Override
            public String encryptionKeyID() {
                return e.keys().keyId();
            }

            @Override
            public ByteBuffer decryptKeyMetadata(EncryptionManager em) {
                return null;
            }
        }, new StandardEncryptionManager(keys, KMS.masterKeyId(), 16, KMS));
        // what a writer that skips the key-encryption key stores: the plain key metadata, base64
        List<EncryptionKey> leaked = e.keys().encryptionKeys().stream().map(k -> !k.keyId().equals(e.keys().keyId()) ? k
                : new EncryptionKey(k.keyId(), Base64.getEncoder().encodeToString(ByteBuffers.toByteArray(plain)),
                        k.encryptedById(), k.properties())).toList();
        assertThat(check(e, e.metadata().withEncryptionKeys(leaked))).extracting(DataViolation::rule)
                .containsExactly(DataViolation.Rule.KEYS_NOT_PLAIN);
    }
}
