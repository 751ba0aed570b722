package dev.tableindex.model.listindex;

import dev.tableindex.model.key.KeyType;
import java.util.List;
import java.util.Locale;

/**
 * The model of {@code ListElementIndexDetails} ("Index Details"): key field ids in key order, the
 * key names when written (display only), the key types when trained, the key encoding, and the
 * target BTree: the type URL of its details ({@code target_details}, a {@code BTreeIndexDetails}) and its
 * format version ({@code target_index_version}, &gt;= 1: it stores row addresses).
 */
public record ListElementIndexDetails(List<Integer> keyFieldIds, List<String> keys, List<KeyType> keyTypes,
                                      int keyEncoding, String targetDetailsTypeUrl, int targetIndexVersion) {
    /** LIST_ELEMENT_KEY_ENCODING_UNSPECIFIED (decision 0002: proto enum numbers). */
    public static final int UNSPECIFIED = 0;
    /** LIST_ELEMENT_KEY_ENCODING_ARROW_ROW_V1. */
    public static final int ARROW_ROW_V1 = 1;
    /** The type URL of the target's details as Lance writes a BTree's ({@code lance.table.BTreeIndexDetails}). */
    public static final String BTREE_DETAILS_TYPE_URL = "/lance.table.BTreeIndexDetails";
    /**
     * The target format version the kit writes and reads: the only one the spec describes ("It is 1 or greater,
     * so the target stores row addresses"; docs/decisions/0050).
     */
    public static final int TARGET_INDEX_VERSION = 1;

    public ListElementIndexDetails {
        keyFieldIds = List.copyOf(keyFieldIds);
        keys = List.copyOf(keys);
        keyTypes = List.copyOf(keyTypes);
    }

    /** Details whose target is a BTree, its details {@code BTreeIndexDetails}. */
    public ListElementIndexDetails(List<Integer> keyFieldIds, List<String> keys, List<KeyType> keyTypes, int keyEncoding,
                                   int targetIndexVersion) {
        this(keyFieldIds, keys, keyTypes, keyEncoding, BTREE_DETAILS_TYPE_URL, targetIndexVersion);
    }

    /**
     * Whether {@code target_details} names a BTree's details: Lance finds an index's plugin by the last
     * dot-separated part of the type URL, case-insensitively ({@code /lance.table.BTreeIndexDetails},
     * lance-source-facts.md §1).
     */
    public boolean targetIsBTree() {
        String name = targetDetailsTypeUrl.substring(targetDetailsTypeUrl.lastIndexOf('/') + 1);
        return name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT).equals("btreeindexdetails");
    }
}
