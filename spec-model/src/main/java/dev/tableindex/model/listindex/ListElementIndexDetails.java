package dev.tableindex.model.listindex;

import dev.tableindex.model.key.KeyType;
import java.util.List;

/**
 * The model of {@code ListElementIndexDetails} ("Index Details"): key field ids in key order, the
 * key names when written (display only), the key types when trained, the key encoding, and the
 * target BTree's format version (&gt;= 1: it stores row addresses).
 */
public record ListElementIndexDetails(List<Integer> keyFieldIds, List<String> keys, List<KeyType> keyTypes,
                                      int keyEncoding, int targetIndexVersion) {
    /** LIST_ELEMENT_KEY_ENCODING_UNSPECIFIED (decision 0002: proto enum numbers). */
    public static final int UNSPECIFIED = 0;
    /** LIST_ELEMENT_KEY_ENCODING_ARROW_ROW_V1. */
    public static final int ARROW_ROW_V1 = 1;

    public ListElementIndexDetails {
        keyFieldIds = List.copyOf(keyFieldIds);
        keys = List.copyOf(keys);
        keyTypes = List.copyOf(keyTypes);
    }
}
