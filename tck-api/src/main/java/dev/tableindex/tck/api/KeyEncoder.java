package dev.tableindex.tck.api;

import dev.tableindex.proto.tck.CompareKeysRequest;
import dev.tableindex.proto.tck.CompareKeysResult;
import dev.tableindex.proto.tck.EncodeKeyRequest;
import dev.tableindex.proto.tck.EncodeKeyResult;

/** Capability {@code key_encoding}: the list element index's ARROW_ROW_V1 key encoding. */
public interface KeyEncoder extends Facet {
    /** The encoding of one key tuple. */
    EncodeKeyResult encodeKey(EncodeKeyRequest request);

    /** The order of two tuples' encodings (unsigned bytes). */
    CompareKeysResult compareKeys(CompareKeysRequest request);
}
