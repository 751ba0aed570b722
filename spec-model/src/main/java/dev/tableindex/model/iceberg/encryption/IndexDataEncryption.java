package dev.tableindex.model.iceberg.encryption;

import dev.tableindex.model.iceberg.data.IndexDataBuilder;
import dev.tableindex.model.iceberg.data.IndexFields;
import dev.tableindex.model.iceberg.data.TrackingEntry;
import dev.tableindex.model.iceberg.data.TrackingFiles;
import dev.tableindex.model.iceberg.metadata.EncryptionKey;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.encryption.EncryptedKey;
import org.apache.iceberg.encryption.EncryptionUtil;
import org.apache.iceberg.encryption.NativeEncryptionOutputFile;
import org.apache.iceberg.encryption.StandardEncryptionManager;
import org.apache.iceberg.util.ByteBuffers;

/**
 * Encrypts the files of a built index snapshot as Iceberg's standard encryption encrypts a table's manifests and
 * manifest list (draft, Encryption Keys): each range file and the tracking file become AES-GCM streams under keys
 * of their own; each range file's key metadata goes into its tracking file entry ({@code 131 key_metadata}); the
 * tracking file's key metadata, encrypted by a key-encryption key that the KMS wraps, goes into an entry of
 * {@code encryption-keys}, which the snapshot's {@code key-id} names. No key is stored in plain form.
 */
public final class IndexDataEncryption {

    /** What the index metadata records for the encrypted snapshot: its key-id and the entries it needs. */
    public record Encrypted(Path trackingFile, String keyId, List<EncryptionKey> encryptionKeys) {
    }

    private IndexDataEncryption() {
    }

    public static Encrypted encrypt(IndexDataBuilder.Built built, IndexFields fields, KitKms kms) {
        StandardEncryptionManager manager = new StandardEncryptionManager(List.of(), kms.masterKeyId(), 16, kms);
        List<TrackingEntry> entries = new ArrayList<>();
        for (TrackingEntry e : built.entries()) {
            Path file = LocalFileIO.path(e.filePath());
            NativeEncryptionOutputFile encrypted = encryptInPlace(manager, file);
            entries.add(new TrackingEntry(e.filePath(), e.fileFormat(), e.recordCount(), size(file), e.contentStats(),
                    encrypted.keyMetadata().copyWithLength(size(file)).buffer()));
        }
        Path tracking = built.trackingFile();
        TrackingFiles.write(tracking, fields, entries);
        NativeEncryptionOutputFile encryptedTracking = encryptInPlace(manager, tracking);
        // key metadata carries the encrypted file's length, as Iceberg's manifest list key metadata does
        String keyId = manager.addManifestListKeyMetadata(encryptedTracking.keyMetadata().copyWithLength(size(tracking)));
        List<EncryptionKey> keys = new ArrayList<>();
        for (EncryptedKey key : EncryptionUtil.encryptionKeys(manager).values()) {
            keys.add(new EncryptionKey(key.keyId(),
                    Base64.getEncoder().encodeToString(ByteBuffers.toByteArray(key.encryptedKeyMetadata())),
                    Optional.ofNullable(key.encryptedById()), key.properties() == null ? java.util.Map.of() : key.properties()));
        }
        return new Encrypted(tracking, keyId, keys);
    }

    /** Replaces the plain file by its AES-GCM stream under a new key; returns the encrypted file with its key metadata. */
    public static NativeEncryptionOutputFile encryptInPlace(StandardEncryptionManager manager, Path file) {
        try {
            byte[] plain = Files.readAllBytes(file);
            Files.delete(file);
            NativeEncryptionOutputFile encrypted = manager.encrypt(org.apache.iceberg.Files.localOutput(file.toFile()));
            try (OutputStream out = encrypted.encryptingOutputFile().create()) {
                out.write(plain);
            }
            return encrypted;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
