/**
 * Encrypted index data (draft, Encryption Keys; decision 0081): the kit's KMS ({@link
 * dev.tableindex.model.iceberg.encryption.KitKms}), a writer that encrypts an index snapshot's files with Iceberg's
 * standard encryption ({@link dev.tableindex.model.iceberg.encryption.IndexDataEncryption}), and the files opened
 * by following the keys from the snapshot's key-id down ({@link
 * dev.tableindex.model.iceberg.encryption.EncryptedIndexFiles}).
 */
package dev.tableindex.model.iceberg.encryption;
