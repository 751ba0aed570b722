package dev.tableindex.model.listindex;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.proto.lance.index.ListElementIndexDetails;
import dev.tableindex.proto.lance.table.BTreeIndexDetails;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.UUID;

/**
 * A list element index segment as the manifest records it ("Index Details"): an {@code IndexMetadata}
 * whose {@code fields} holds the list&lt;struct&gt; column, whose {@code index_version} is 0 (the list
 * element index's own version), and whose details are a {@code ListElementIndexDetails} wrapping the
 * target BTree's details and format version.
 */
public final class ListElementIndexMetadata {
    /** Version of the list element index itself. */
    public static final int INDEX_VERSION = 0;
    /** The details' type URL (decision 0002: package lance.index.pb). */
    public static final String TYPE_URL = dev.tableindex.model.index.IndexTypes.LIST_ELEMENT_URL;

    private ListElementIndexMetadata() {
    }

    /** The details as IndexMetadata.index_details packs them; target_details a BTreeIndexDetails. */
    public static Any details(dev.tableindex.model.listindex.ListElementIndexDetails model) {
        return Any.newBuilder().setTypeUrl(TYPE_URL).setValue(proto(model).toByteString()).build();
    }

    /** The details message; target_details a BTreeIndexDetails. */
    public static ListElementIndexDetails proto(dev.tableindex.model.listindex.ListElementIndexDetails model) {
        return ListElementIndexDetails.newBuilder()
                .addAllKeyFieldIds(model.keyFieldIds()).addAllKeys(model.keys())
                .addAllKeyTypes(model.keyTypes().stream().map(KeyType::lanceName).toList())
                .setKeyEncodingValue(model.keyEncoding())
                .setTargetDetails(Any.newBuilder().setTypeUrl("/" + BTreeIndexDetails.getDescriptor().getFullName()))
                .setTargetIndexVersion(model.targetIndexVersion())
                .build();
    }

    public static IndexMetadata of(ListElementIndex index, java.util.UUID uuid, String name, int listFieldId,
                                   long datasetVersion, long createdAtMillis) {
        long[] covered = index.coveredFragments().stream().mapToLong(Long::longValue).toArray();
        return IndexMetadata.newBuilder()
                .setUuid(UUID.newBuilder().setUuid(ByteString.copyFrom(IndexSegment.uuidToBytes(uuid))))
                .addFields(listFieldId)
                .setName(name)
                .setDatasetVersion(datasetVersion)
                .setFragmentBitmap(ByteString.copyFrom(FragmentCoverage.of(covered).encode()))
                .setIndexDetails(details(index.details()))
                .setIndexVersion(INDEX_VERSION)
                .setCreatedAt(createdAtMillis)
                .build();
    }
}
