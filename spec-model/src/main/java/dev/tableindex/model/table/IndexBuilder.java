package dev.tableindex.model.table;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.Message;
import dev.tableindex.model.index.IndexTypes;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.proto.lance.index.VectorIndexDetails;
import dev.tableindex.proto.lance.index.VectorMetricType;
import dev.tableindex.proto.lance.file.Field;
import dev.tableindex.proto.lance.table.BTreeIndexDetails;
import dev.tableindex.proto.lance.table.BitmapIndexDetails;
import dev.tableindex.proto.lance.table.IndexFile;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.LabelListIndexDetails;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.roaringbitmap.RoaringBitmap;

/**
 * Builds an index segment: its file contents from the live rows of the fragments it covers, its
 * details (the configuration, fixed at creation) and its IndexMetadata entry.
 */
public final class IndexBuilder {
    /** ivf_flat partitions when the request names none: a constant, never derived from the row count. */
    public static final int DEFAULT_NUM_PARTITIONS = 1;

    private IndexBuilder() {
    }

    /**
     * Which index kinds a column type takes: btree and bitmap scalars, label_list list&lt;string&gt;, ivf_flat vectors,
     * list_element a list of structs.
     */
    public static void checkColumn(IndexTypes.Kind kind, ColumnType type, String column) {
        boolean fits = switch (kind) {
            case BTREE, BITMAP -> type.isScalar();
            case LABEL_LIST -> type.base() == ColumnType.Base.LIST_STRING;
            case IVF_FLAT -> type.base() == ColumnType.Base.VECTOR_FLOAT;
            case LIST_ELEMENT -> type.base() == ColumnType.Base.LIST_STRUCT;
        };
        if (!fits) {
            throw TableException.invalid("a " + kind.kitName() + " index cannot be built on column '" + column
                    + "' of type " + type.notation());
        }
    }

    /**
     * The details Any of a new index on {@code column} of {@code schema} (type URL without host, as Lance writes it).
     * ivf_flat takes {@code num_partitions} (default {@value #DEFAULT_NUM_PARTITIONS}) and {@code metric} (l2
     * default, cosine, dot, hamming); list_element takes {@code keys}, the key fields' names in key order, separated
     * by commas; other kinds take no parameters.
     */
    public static Any details(IndexTypes.Kind kind, Map<String, String> params, TableSchema schema, Field column) {
        Message message = switch (kind) {
            case BTREE -> BTreeIndexDetails.getDefaultInstance();
            case BITMAP -> BitmapIndexDetails.getDefaultInstance();
            case LABEL_LIST -> LabelListIndexDetails.getDefaultInstance();
            case IVF_FLAT -> vectorDetails(params);
            case LIST_ELEMENT -> ListElementColumn.of(schema, column).details(params);
        };
        if (kind != IndexTypes.Kind.IVF_FLAT && kind != IndexTypes.Kind.LIST_ELEMENT && !params.isEmpty()) {
            throw TableException.invalid("a " + kind.kitName() + " index takes no parameters, got " + params.keySet());
        }
        return Any.newBuilder().setTypeUrl(kind.typeUrl()).setValue(message.toByteString()).build();
    }

    private static VectorIndexDetails vectorDetails(Map<String, String> params) {
        Set<String> unknown = new LinkedHashSet<>(params.keySet());
        unknown.removeAll(Set.of("num_partitions", "metric"));
        if (!unknown.isEmpty()) {
            throw TableException.invalid("unknown ivf_flat parameters " + unknown + " (num_partitions, metric)");
        }
        int partitions = DEFAULT_NUM_PARTITIONS;
        if (params.containsKey("num_partitions")) {
            try {
                partitions = Integer.parseInt(params.get("num_partitions").trim());
            } catch (NumberFormatException e) {
                partitions = 0;
            }
            if (partitions < 1) {
                throw TableException.invalid("num_partitions must be a positive integer: " + params.get("num_partitions"));
            }
        }
        String metric = params.getOrDefault("metric", "l2").trim().toUpperCase(Locale.ROOT);
        VectorMetricType type;
        try {
            type = VectorMetricType.valueOf(metric);
        } catch (IllegalArgumentException e) {
            throw TableException.invalid("unknown metric '" + params.get("metric") + "' (l2, cosine, dot, hamming)");
        }
        return VectorIndexDetails.newBuilder().setMetricType(type)
                .setFlat(VectorIndexDetails.FlatCompression.getDefaultInstance())
                .setTargetNumPartitions(partitions).build();
    }

    /**
     * The file contents: every live row of the covered fragments; for a list element index, every element of them,
     * keyed as {@code details} say ("Storage Layout").
     */
    public static IndexFileContent content(IndexTypes.Kind kind, Any details, TableSchema schema, int fieldId,
                                           List<Fragment> covered) {
        if (kind == IndexTypes.Kind.LIST_ELEMENT) {
            return ListElementColumn.of(schema, fieldId).content(details, covered);
        }
        List<IndexFileContent.Entry> entries = new ArrayList<>();
        for (Fragment fragment : covered) {
            for (int offset : fragment.liveOffsets()) {
                long address = RowAddress.of(fragment.id(), offset);
                Object value = fragment.rows().get(offset).get(fieldId);
                switch (kind) {
                    case BTREE, BITMAP -> entries.add(new IndexFileContent.Entry(value, address));
                    case LABEL_LIST -> {
                        if (value == null) {
                            entries.add(new IndexFileContent.Entry(null, address));
                        } else {
                            new LinkedHashSet<>((List<?>) value).stream().filter(java.util.Objects::nonNull)
                                    .forEach(label -> entries.add(new IndexFileContent.Entry(label, address)));
                        }
                    }
                    case IVF_FLAT -> {
                        if (value != null) {
                            entries.add(new IndexFileContent.Entry(null, address));
                        }
                    }
                    case LIST_ELEMENT -> throw new IllegalStateException("built by ListElementColumn.content");
                }
            }
        }
        return new IndexFileContent(kind, entries);
    }

    /**
     * The entry of a new segment, listing its files ({@link IndexFileContent#files}) with their exact sizes.
     *
     * @param datasetVersion the version the segment was built from (the version read)
     */
    public static IndexMetadata segment(UUID uuid, String name, List<Integer> fields, long datasetVersion,
                                        RoaringBitmap covered, Any details, int indexVersion, long createdAtMillis,
                                        IndexFileContent content) {
        IndexMetadata.Builder segment = IndexMetadata.newBuilder()
                .setUuid(dev.tableindex.proto.lance.table.UUID.newBuilder()
                        .setUuid(ByteString.copyFrom(IndexSegment.uuidToBytes(uuid))))
                .addAllFields(fields)
                .setName(name)
                .setDatasetVersion(datasetVersion)
                .setFragmentBitmap(ByteString.copyFrom(FragmentCoverage.of(covered).encode()))
                .setIndexDetails(details)
                .setIndexVersion(indexVersion)
                .setCreatedAt(createdAtMillis);
        return segment.addAllFiles(files(content)).build();
    }

    /** The manifest's list of a segment's files: each name with its exact size. */
    public static List<IndexFile> files(IndexFileContent content) {
        return content.files().entrySet().stream()
                .map(f -> IndexFile.newBuilder().setPath(f.getKey()).setSizeBytes(f.getValue().length).build()).toList();
    }
}
