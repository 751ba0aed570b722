package dev.tableindex.model.index;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What an index's details type URL says: its IndexV2 {@code index_type_id} and the highest
 * {@code index_version} the reference reader understands. The type URL is the only type signal a
 * legacy entry has (lance-source-facts.md §3.5), so both directions of the IndexV2 mapping go
 * through here.
 */
public final class IndexTypes {
    public static final String BTREE_URL = "/lance.table.BTreeIndexDetails";
    public static final String BITMAP_URL = "/lance.table.BitmapIndexDetails";
    public static final String LABEL_LIST_URL = "/lance.table.LabelListIndexDetails";
    public static final String VECTOR_URL = "/lance.index.pb.VectorIndexDetails";
    /** The list element index's details (decision 0002: package lance.index.pb). */
    public static final String LIST_ELEMENT_URL = "/" + dev.tableindex.proto.lance.index.ListElementIndexDetails
            .getDescriptor().getFullName();
    /** Reserved by the design for indexes implemented in the Lance repository. */
    public static final String LANCE_PREFIX = "lance:";

    private static final String DETAILS_SUFFIX = "IndexDetails";

    private IndexTypes() {
    }

    /** The index kinds the reference builds and reads. */
    public enum Kind {
        BTREE("btree", BTREE_URL, 0),
        BITMAP("bitmap", BITMAP_URL, 0),
        LABEL_LIST("label_list", LABEL_LIST_URL, 1),
        IVF_FLAT("ivf_flat", VECTOR_URL, 1),
        /** lance-list-element-index.md: "IndexMetadata.index_version holds the version of the list element index itself, which is 0." */
        LIST_ELEMENT("list_element", LIST_ELEMENT_URL, 0);

        private final String kitName;
        private final String typeUrl;
        private final int indexVersion;

        Kind(String kitName, String typeUrl, int indexVersion) {
            this.kitName = kitName;
            this.typeUrl = typeUrl;
            this.indexVersion = indexVersion;
        }

        /** The name table_ops.proto uses in CreateIndex.index_type. */
        public String kitName() {
            return kitName;
        }

        public String typeUrl() {
            return typeUrl;
        }

        /** The {@code index_version} the reference writes, and the highest it reads (Lance 7.0.0's values). */
        public int indexVersion() {
            return indexVersion;
        }

        /** Whether a comparison filter can be answered from the index file (btree and bitmap only). */
        public boolean answersComparisons() {
            return this == BTREE || this == BITMAP;
        }

        public static Optional<Kind> byKitName(String name) {
            for (Kind kind : values()) {
                if (kind.kitName.equals(name)) {
                    return Optional.of(kind);
                }
            }
            return Optional.empty();
        }

        public static Optional<Kind> byTypeUrl(String typeUrl) {
            for (Kind kind : values()) {
                // lance-table.proto, index_details: "Type URLs comparisons are case-insensitive." A type URL names its
                // message by what follows its last '/' (google.protobuf.Any), whatever host comes before.
                if (messageName(kind.typeUrl).equalsIgnoreCase(messageName(typeUrl))) {
                    return Optional.of(kind);
                }
            }
            return Optional.empty();
        }
    }

    /** The full name of the message a type URL names: what follows its last '/'. */
    public static String messageName(String typeUrl) {
        return typeUrl.substring(typeUrl.lastIndexOf('/') + 1);
    }

    /**
     * The IndexV2 {@code index_type_id} of a details type URL: details of Lance's own packages
     * ({@code lance.table}, {@code lance.index.pb}) become {@code lance:<name>} with the
     * {@code IndexDetails} suffix dropped and lower-cased ({@code /lance.table.BTreeIndexDetails} →
     * {@code lance:btree}, {@code LabelList} → {@code lance:labellist}, {@code Vector} →
     * {@code lance:vector}); any other type keeps its URL, so the reserved prefix is never claimed
     * for an index Lance does not implement.
     */
    public static String typeId(String typeUrl) {
        String fullName = messageName(typeUrl);
        int dot = fullName.lastIndexOf('.');
        String pkg = dot < 0 ? "" : fullName.substring(0, dot);
        String simple = fullName.substring(dot + 1);
        boolean lancePackage = pkg.equals("lance.table") || pkg.equals("lance.index.pb");
        if (!lancePackage || !simple.endsWith(DETAILS_SUFFIX) || simple.length() == DETAILS_SUFFIX.length()) {
            return typeUrl;
        }
        return LANCE_PREFIX + simple.substring(0, simple.length() - DETAILS_SUFFIX.length()).toLowerCase(Locale.ROOT);
    }

    /** The highest {@code index_version} the reference reader understands for a type; empty if the type is unknown. */
    public static OptionalInt maxKnownVersion(String typeUrl) {
        return Kind.byTypeUrl(typeUrl).map(k -> OptionalInt.of(k.indexVersion())).orElse(OptionalInt.empty());
    }
}
