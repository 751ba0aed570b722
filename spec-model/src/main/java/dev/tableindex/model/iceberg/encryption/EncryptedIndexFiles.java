package dev.tableindex.model.iceberg.encryption;

import dev.tableindex.model.iceberg.data.DataViolation;
import dev.tableindex.model.iceberg.data.DataViolation.Rule;
import dev.tableindex.model.iceberg.data.IndexFiles;
import dev.tableindex.model.iceberg.data.TrackingEntry;
import dev.tableindex.model.iceberg.metadata.EncryptionKey;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.ManifestListFile;
import org.apache.iceberg.encryption.BaseEncryptedKey;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.encryption.EncryptedKey;
import org.apache.iceberg.encryption.EncryptionManager;
import org.apache.iceberg.encryption.EncryptionUtil;
import org.apache.iceberg.encryption.NativeEncryptionInputFile;
import org.apache.iceberg.encryption.StandardEncryptionManager;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.util.ByteBuffers;

/**
 * An encrypted index snapshot's files, opened by following its keys as the draft chains them ("The key-id of an
 * index snapshot must reference a key-id in the index metadata encryption-keys list. The encrypted-key-metadata of
 * the referenced entry is the key metadata of the snapshot's tracking file, which in turn holds the key metadata of
 * the range files"), with Iceberg's standard encryption over the kit's KMS (decision 0081). Each file is decrypted
 * into a scratch folder, where the checker reads it like any other. Every key met on the way is looked for in the
 * index metadata file: "keys are never stored in plain form". A snapshot without a key-id is read as it is stored.
 */
public final class EncryptedIndexFiles implements IndexFiles {
    private static final byte[] STREAM_MAGIC = "AGS1".getBytes(StandardCharsets.US_ASCII);
    private final KitKms kms;
    private final Path scratch;

    public EncryptedIndexFiles(KitKms kms, Path scratch) {
        this.kms = kms;
        this.scratch = scratch;
    }

    @Override
    public Optional<Opened> open(IndexMetadata metadata, IndexSnapshot snapshot, List<DataViolation> out) {
        Path stored = LocalFileIO.path(metadata.resolve(snapshot.trackingFile()));
        String where = "snapshot " + snapshot.snapshotId();
        if (snapshot.keyId().isEmpty()) {
            return PLAIN.open(metadata, snapshot, out);
        }
        String keyId = snapshot.keyId().get();
        List<EncryptedKey> keys = new ArrayList<>();
        for (EncryptionKey key : metadata.encryptionKeys()) {
            Optional<byte[]> bytes = base64(key.encryptedKeyMetadata());
            if (key.keyId().isEmpty() || bytes.isEmpty() || bytes.get().length == 0) {
                out.add(new DataViolation(metadataName(metadata), "encryption-keys " + key.keyId(), Rule.KEY_ENTRY_FIELDS,
                        key.keyId().isEmpty() ? "an entry has no key-id"
                                : "the entry's encrypted-key-metadata '" + key.encryptedKeyMetadata()
                                + "' is not base64 of encrypted key metadata"));
                continue;
            }
            keys.add(new BaseEncryptedKey(key.keyId(), ByteBuffer.wrap(bytes.get()), key.encryptedById().orElse(null),
                    key.properties()));
        }
        Optional<EncryptedKey> referenced = keys.stream().filter(k -> k.keyId().equals(keyId)).findFirst();
        if (referenced.isEmpty()) {
            out.add(new DataViolation(metadataName(metadata), where + " key-id", Rule.SNAPSHOT_KEY_ID, "key-id '" + keyId
                    + "' is not a key-id in encryption-keys " + (metadata.encryptionKeys().isEmpty()
                    ? "(the file has no encryption-keys, which reads as an empty list)" : keys.stream()
                    .map(EncryptedKey::keyId).toList())));
            return Optional.empty();
        }
        StandardEncryptionManager manager = new StandardEncryptionManager(keys, kms.masterKeyId(), 16, kms);
        List<byte[]> secrets = new ArrayList<>(keyEncryptionKeys(keys));
        ByteBuffer trackingKeyMetadata;
        try {
            trackingKeyMetadata = EncryptionUtil.decryptManifestListKeyMetadata(manifestList(stored, keyId), manager);
        } catch (RuntimeException e) {
            byte[] raw = ByteBuffers.toByteArray(referenced.get().encryptedKeyMetadata());
            if (decrypts(manager, stored, ByteBuffer.wrap(raw))) {
                out.add(new DataViolation(metadataName(metadata), "encryption-keys " + keyId + " encrypted-key-metadata",
                        Rule.KEYS_NOT_PLAIN, "it is the tracking file's key metadata itself, in plain form: it"
                                + " decrypts the tracking file without any key"));
            } else {
                out.add(new DataViolation(stored.toString(), where + " key-id " + keyId, Rule.KEY_CHAIN,
                        "the entry's encrypted-key-metadata does not decrypt, through its encrypted-by-id, to key"
                                + " metadata of the tracking file: " + e.getMessage()));
            }
            return Optional.empty();
        }
        Optional<Path> tracking = decrypt(manager, stored, trackingKeyMetadata, "tracking", secrets);
        if (tracking.isEmpty()) {
            out.add(new DataViolation(stored.toString(), where + " key-id " + keyId, Rule.KEY_CHAIN,
                    "the key metadata of entry " + keyId + " does not decrypt the tracking file"));
            return Optional.empty();
        }
        String json = new String(IndexMetadataJson.toBytes(metadata), StandardCharsets.UTF_8);
        return Optional.of(new Opened() {
            @Override
            public Path trackingFile() {
                return tracking.get();
            }

            @Override
            public Optional<Path> rangeFile(TrackingEntry entry, Path storedRange, List<DataViolation> violations) {
                if (entry.keyMetadata() == null || !entry.keyMetadata().hasRemaining()) {
                    violations.add(new DataViolation(entry.filePath(), "key_metadata", Rule.KEY_CHAIN, "the tracking file"
                            + " of an encrypted snapshot holds no key metadata for this range file"));
                    return isStream(storedRange) ? Optional.empty() : Optional.of(storedRange);
                }
                int before = secrets.size();
                Optional<Path> plain = decrypt(manager, storedRange, entry.keyMetadata(), "range", secrets);
                if (plain.isEmpty()) {
                    violations.add(new DataViolation(entry.filePath(), "key_metadata", Rule.KEY_CHAIN,
                            "the entry's key_metadata does not decrypt the range file"));
                }
                for (byte[] key : secrets.subList(before, secrets.size())) {
                    plainIn(json, key, metadata).ifPresent(v -> violations.add(new DataViolation(metadataName(metadata),
                            v, Rule.KEYS_NOT_PLAIN, "the index metadata holds a range file's key in plain form")));
                }
                return plain;
            }
        }).map(opened -> {
            for (byte[] key : secrets) {
                plainIn(json, key, metadata).ifPresent(v -> out.add(new DataViolation(metadataName(metadata), v,
                        Rule.KEYS_NOT_PLAIN, "the index metadata holds a key of the index in plain form")));
            }
            return opened;
        });
    }

    /** The key-encryption keys the KMS unwraps (entries encrypted by the master key). */
    private List<byte[]> keyEncryptionKeys(List<EncryptedKey> keys) {
        List<byte[]> out = new ArrayList<>();
        for (EncryptedKey key : keys) {
            if (kms.masterKeyId().equals(key.encryptedById())) {
                try {
                    out.add(ByteBuffers.toByteArray(kms.unwrapKey(key.encryptedKeyMetadata(), kms.masterKeyId())));
                } catch (RuntimeException e) {
                    // not wrapped by the master key: the chain reports it where it matters
                }
            }
        }
        return out;
    }

    /** Where a key shows in plain form: raw inside an entry's decoded bytes, or as base64 or hex text anywhere. */
    private static Optional<String> plainIn(String json, byte[] key, IndexMetadata metadata) {
        if (json.contains(Base64.getEncoder().encodeToString(key)) || json.contains(HexFormat.of().formatHex(key))) {
            return Optional.of("the metadata file's text");
        }
        for (EncryptionKey entry : metadata.encryptionKeys()) {
            Optional<byte[]> bytes = base64(entry.encryptedKeyMetadata());
            if (bytes.isPresent() && indexOf(bytes.get(), key) >= 0) {
                return Optional.of("encryption-keys " + entry.keyId() + " encrypted-key-metadata");
            }
        }
        return Optional.empty();
    }

    private Optional<Path> decrypt(EncryptionManager manager, Path stored, ByteBuffer keyMetadata, String kind,
            List<byte[]> secrets) {
        try {
            InputFile in = manager.decrypt(EncryptedFiles.encryptedInput(
                    org.apache.iceberg.Files.localInput(stored.toFile()), keyMetadata));
            Path plain = Files.createDirectories(scratch.resolve(kind + "-" + Integer.toHexString(stored.hashCode())))
                    .resolve(stored.getFileName().toString());
            try (InputStream stream = in.newStream()) {
                Files.write(plain, stream.readAllBytes());
            }
            if (in instanceof NativeEncryptionInputFile natively) {
                secrets.add(ByteBuffers.toByteArray(natively.keyMetadata().encryptionKey()));
            }
            return Optional.of(plain);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private boolean decrypts(EncryptionManager manager, Path stored, ByteBuffer keyMetadata) {
        return decrypt(manager, stored, keyMetadata, "probe", new ArrayList<>()).isPresent();
    }

    private static boolean isStream(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return java.util.Arrays.equals(in.readNBytes(4), STREAM_MAGIC);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ManifestListFile manifestList(Path tracking, String keyId) {
        return new ManifestListFile() {
            @Override
            public String location() {
                return tracking.toString();
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

    private static Optional<byte[]> base64(String text) {
        try {
            return Optional.of(Base64.getDecoder().decode(text));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static String metadataName(IndexMetadata metadata) {
        return metadata.location() + " (index metadata)";
    }
}
