package dev.tableindex.model.iceberg.encryption;

import java.nio.ByteBuffer;
import java.util.Map;
import org.apache.iceberg.encryption.Ciphers;
import org.apache.iceberg.encryption.KeyManagementClient;
import org.apache.iceberg.util.ByteBuffers;

/**
 * The kit as a KMS: one master key, by id, that wraps keys with AES-GCM as Iceberg's {@code Ciphers.AesGcmEncryptor}
 * does (a 12-byte nonce, the ciphertext, a 16-byte tag; no additional data). An engine in any language can do the
 * same with the master key the kit gives it; the key itself is never stored anywhere the index is.
 */
public final class KitKms implements KeyManagementClient {
    private static final long serialVersionUID = 1L;
    private final String masterKeyId;
    private final byte[] masterKey;

    public KitKms(String masterKeyId, byte[] masterKey) {
        if (masterKey.length != 16 && masterKey.length != 24 && masterKey.length != 32) {
            throw new IllegalArgumentException("an AES key has 16, 24 or 32 bytes, not " + masterKey.length);
        }
        this.masterKeyId = masterKeyId;
        this.masterKey = masterKey.clone();
    }

    public String masterKeyId() {
        return masterKeyId;
    }

    public byte[] masterKey() {
        return masterKey.clone();
    }

    @Override
    public ByteBuffer wrapKey(ByteBuffer key, String wrappingKeyId) {
        requireMaster(wrappingKeyId);
        return ByteBuffer.wrap(new Ciphers.AesGcmEncryptor(masterKey).encrypt(ByteBuffers.toByteArray(key), null));
    }

    @Override
    public ByteBuffer unwrapKey(ByteBuffer wrappedKey, String wrappingKeyId) {
        requireMaster(wrappingKeyId);
        return ByteBuffer.wrap(new Ciphers.AesGcmDecryptor(masterKey).decrypt(ByteBuffers.toByteArray(wrappedKey), null));
    }

    private void requireMaster(String keyId) {
        if (!masterKeyId.equals(keyId)) {
            throw new IllegalArgumentException("the kit's KMS has no key '" + keyId + "' (its key is '" + masterKeyId + "')");
        }
    }

    @Override
    public void initialize(Map<String, String> properties) {
    }
}
