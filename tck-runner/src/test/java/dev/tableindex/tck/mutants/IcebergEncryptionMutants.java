package dev.tableindex.tck.mutants;

import dev.tableindex.model.iceberg.data.IndexFields;
import dev.tableindex.model.iceberg.data.TrackingEntry;
import dev.tableindex.model.iceberg.data.TrackingFiles;
import dev.tableindex.model.iceberg.encryption.IndexDataEncryption;
import dev.tableindex.model.iceberg.encryption.KitKms;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceTable;
import dev.tableindex.proto.tck.BuildEncryptedIcebergIndexRequest;
import dev.tableindex.proto.tck.BuildEncryptedIcebergIndexResult;
import dev.tableindex.proto.tck.IcebergEncryptionKey;
import dev.tableindex.tck.api.IcebergIndexEncryption;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.ManifestListFile;
import org.apache.iceberg.encryption.BaseEncryptedKey;
import org.apache.iceberg.encryption.EncryptedKey;
import org.apache.iceberg.encryption.EncryptionManager;
import org.apache.iceberg.encryption.EncryptionUtil;
import org.apache.iceberg.encryption.NativeEncryptionOutputFile;
import org.apache.iceberg.encryption.StandardEncryptionManager;
import org.apache.iceberg.util.ByteBuffers;

/**
 * Mutants of the reference engine's {@code iceberg_index.encryption}, each with one bug in how an encrypted index
 * snapshot's keys are kept; the rules they break are in features/rules/iceberg-index-spec-draft.yaml.
 */
public final class IcebergEncryptionMutants {
    private IcebergEncryptionMutants() {
    }

    /** Changes the reference's answer. */
    abstract static class ChangesAnswer extends IcebergDataMutants.Base {
        ChangesAnswer(String name, Set<String> breaks, String flaw) {
            super(name, breaks, flaw);
        }

        abstract BuildEncryptedIcebergIndexResult change(BuildEncryptedIcebergIndexResult answer,
                BuildEncryptedIcebergIndexRequest request);

        @Override
        IcebergIndexEncryption encryption(IcebergIndexEncryption reference) {
            return request -> change(reference.buildEncryptedIcebergIndex(request), request);
        }
    }

    /** Keeps the keys in its own KMS and records only the key-id (the worked example's file). */
    public static final class KeyIdWithoutEncryptionKeys extends ChangesAnswer {
        public KeyIdWithoutEncryptionKeys() {
            super("mutant-key-id-without-encryption-keys", Set.of("ICE-R026"),
                    "records the snapshot's key-id but keeps the keys in its own KMS, so the index metadata has no"
                            + " encryption-keys list");
        }

        @Override
        BuildEncryptedIcebergIndexResult change(BuildEncryptedIcebergIndexResult answer,
                BuildEncryptedIcebergIndexRequest request) {
            return answer.toBuilder().clearEncryptionKeys().build();
        }
    }

    /** Names the key-encryption key as the snapshot's key. */
    public static final class SnapshotKeyNamesTheKek extends ChangesAnswer {
        public SnapshotKeyNamesTheKek() {
            super("mutant-snapshot-key-names-the-kek", Set.of("ICE-R027"),
                    "gives the snapshot the key-id of the key-encryption key, not of the entry holding the tracking"
                            + " file's key metadata");
        }

        @Override
        BuildEncryptedIcebergIndexResult change(BuildEncryptedIcebergIndexResult answer,
                BuildEncryptedIcebergIndexRequest request) {
            String kek = answer.getEncryptionKeysList().stream()
                    .filter(k -> k.getEncryptedById().equals(request.getKmsKeyId())).findFirst().orElseThrow().getKeyId();
            return answer.toBuilder().setKeyId(kek).build();
        }
    }

    /** Stores the tracking file's key metadata itself, base64, as if the index metadata were private. */
    public static final class PlainTrackingKeyMetadata extends ChangesAnswer {
        public PlainTrackingKeyMetadata() {
            super("mutant-plain-tracking-key-metadata", Set.of("ICE-R321"),
                    "stores the tracking file's key metadata unencrypted (base64) as the entry's encrypted-key-metadata");
        }

        @Override
        BuildEncryptedIcebergIndexResult change(BuildEncryptedIcebergIndexResult answer,
                BuildEncryptedIcebergIndexRequest request) {
            KitKms kms = new KitKms(request.getKmsKeyId(), request.getKmsKey().toByteArray());
            List<EncryptedKey> keys = answer.getEncryptionKeysList().stream().map(k -> (EncryptedKey) new BaseEncryptedKey(
                    k.getKeyId(), ByteBuffer.wrap(Base64.getDecoder().decode(k.getEncryptedKeyMetadata())),
                    k.getEncryptedById(), k.getPropertiesMap())).toList();
            ByteBuffer plain = EncryptionUtil.decryptManifestListKeyMetadata(manifestList(answer.getKeyId()),
                    new StandardEncryptionManager(keys, kms.masterKeyId(), 16, kms));
            BuildEncryptedIcebergIndexResult.Builder changed = answer.toBuilder().clearEncryptionKeys();
            for (IcebergEncryptionKey k : answer.getEncryptionKeysList()) {
                changed.addEncryptionKeys(!k.getKeyId().equals(answer.getKeyId()) ? k : k.toBuilder().setEncryptedById("")
                        .setEncryptedKeyMetadata(Base64.getEncoder().encodeToString(ByteBuffers.toByteArray(plain))).build());
            }
            return changed.build();
        }
    }

    /** Leaves the key-encryption key's entry without its encrypted-key-metadata. */
    public static final class OmitsEncryptedKeyMetadata extends ChangesAnswer {
        public OmitsEncryptedKeyMetadata() {
            super("mutant-omits-encrypted-key-metadata", Set.of("ICE-R322"),
                    "records the key-encryption key's entry with an empty encrypted-key-metadata, keeping the wrapped"
                            + " key in its own KMS");
        }

        @Override
        BuildEncryptedIcebergIndexResult change(BuildEncryptedIcebergIndexResult answer,
                BuildEncryptedIcebergIndexRequest request) {
            BuildEncryptedIcebergIndexResult.Builder changed = answer.toBuilder().clearEncryptionKeys();
            answer.getEncryptionKeysList().forEach(k -> changed.addEncryptionKeys(
                    k.getEncryptedById().equals(request.getKmsKeyId()) ? k.toBuilder().setEncryptedKeyMetadata("").build() : k));
            return changed.build();
        }
    }

    /** Keeps each range file's key metadata in encryption-keys instead of its tracking file entry. */
    public static final class RangeKeysInIndexMetadata extends IcebergDataMutants.Base {
        public RangeKeysInIndexMetadata() {
            super("mutant-range-keys-in-index-metadata", Set.of("ICE-R320"),
                    "records each range file's key metadata as an entry of encryption-keys, encrypted like the tracking"
                            + " file's, and leaves key_metadata of the tracking file entries empty");
        }

        @Override
        IcebergIndexEncryption encryption(IcebergIndexEncryption reference) {
            return request -> {
                KitKms kms = new KitKms(request.getKmsKeyId(), request.getKmsKey().toByteArray());
                String plainTracking = this.reference.facet(dev.tableindex.tck.api.IcebergIndexBuilding.class)
                        .buildIcebergIndex(request.getBuild()).getTrackingFile();
                Path tracking = LocalFileIO.path(plainTracking);
                SourceTable table = SourceTable.load(Path.of(request.getBuild().getTablePath()));
                IndexFields fields = new IndexFields(IcebergDataMutants.metadata(request.getBuild()).definition(),
                        table.schemaOf(request.getBuild().getSourceSnapshotId()));
                StandardEncryptionManager manager = new StandardEncryptionManager(List.of(), kms.masterKeyId(), 16, kms);
                List<TrackingEntry> entries = new ArrayList<>();
                for (TrackingEntry e : TrackingFiles.read(tracking)) {
                    Path file = LocalFileIO.path(e.filePath());
                    NativeEncryptionOutputFile encrypted = IndexDataEncryption.encryptInPlace(manager, file);
                    manager.addManifestListKeyMetadata(encrypted.keyMetadata().copyWithLength(IndexDataEncryption.size(file)));
                    entries.add(new TrackingEntry(e.filePath(), e.fileFormat(), e.recordCount(),
                            IndexDataEncryption.size(file), e.contentStats(), null));
                }
                TrackingFiles.write(tracking, fields, entries);
                NativeEncryptionOutputFile encrypted = IndexDataEncryption.encryptInPlace(manager, tracking);
                String keyId = manager.addManifestListKeyMetadata(encrypted.keyMetadata()
                        .copyWithLength(IndexDataEncryption.size(tracking)));
                BuildEncryptedIcebergIndexResult.Builder result = BuildEncryptedIcebergIndexResult.newBuilder()
                        .setTrackingFile(plainTracking).setKeyId(keyId);
                for (EncryptedKey key : EncryptionUtil.encryptionKeys(manager).values()) {
                    result.addEncryptionKeys(IcebergEncryptionKey.newBuilder().setKeyId(key.keyId())
                            .setEncryptedKeyMetadata(Base64.getEncoder().encodeToString(
                                    ByteBuffers.toByteArray(key.encryptedKeyMetadata())))
                            .setEncryptedById(key.encryptedById() == null ? "" : key.encryptedById())
                            .putAllProperties(key.properties() == null ? java.util.Map.of() : key.properties()));
                }
                return result.build();
            };
        }
    }

    static ManifestListFile manifestList(String keyId) {
        return new ManifestListFile() {
            @Override
            public String location() {
                return "tracking file";
            }

            @Override
            public String encryptionKeyID() {
                return keyId;
            }

            @Override
            public ByteBuffer decryptKeyMetadata(EncryptionManager em) {
                return EncryptionUtil.decryptManifestListKeyMetadata(this, em);
            }
        };
    }

}
