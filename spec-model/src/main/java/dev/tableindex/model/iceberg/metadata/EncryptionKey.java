package dev.tableindex.model.iceberg.metadata;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A key used for index encryption, in the table spec's structure (draft, Encryption Keys). The key itself is
 * never stored in plain form: {@code encryptedKeyMetadata} is wrapped by the encryption scheme.
 *
 * @param keyId                the key's id, which an index snapshot's {@code key-id} names
 * @param encryptedKeyMetadata the encrypted key and metadata, base64 encoded
 * @param encryptedById        the id of the key that encrypted or wrapped it
 * @param properties           additional metadata of the encryption scheme
 */
public record EncryptionKey(
        String keyId, String encryptedKeyMetadata, Optional<String> encryptedById, Map<String, String> properties) {

    public EncryptionKey {
        Objects.requireNonNull(keyId, "keyId");
        Objects.requireNonNull(encryptedKeyMetadata, "encryptedKeyMetadata");
        Objects.requireNonNull(encryptedById, "encryptedById");
        properties = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(properties)); // keeps the order written
    }
}
