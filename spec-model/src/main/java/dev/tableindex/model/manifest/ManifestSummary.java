package dev.tableindex.model.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.IndexFile;
import java.util.Comparator;

/**
 * The normalized JSON view of a manifest: what {@code tck manifest} prints and what golden
 * {@code expected.json} files hold. Normalized means: fragment ids of a bitmap sorted (null when
 * coverage is unknown), index files sorted by path, uuids in canonical text, absent optional
 * fields as null. Fragments and indices keep the manifest's order.
 */
public final class ManifestSummary {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private ManifestSummary() {
    }

    public static ObjectNode of(ManifestFile file) {
        ObjectNode view = JSON.objectNode();
        view.set("version", uint64(file.manifest().getVersion()));
        view.set("reader_feature_flags", uint64(file.manifest().getReaderFeatureFlags()));
        view.set("writer_feature_flags", uint64(file.manifest().getWriterFeatureFlags()));
        ArrayNode fragments = view.putArray("fragments");
        for (DataFragment fragment : file.manifest().getFragmentsList()) {
            ObjectNode node = fragments.addObject();
            node.set("id", uint64(fragment.getId()));
            node.set("physical_rows", uint64(fragment.getPhysicalRows()));
            node.set("num_deleted_rows", uint64(fragment.hasDeletionFile() ? fragment.getDeletionFile().getNumDeletedRows() : 0));
        }
        ArrayNode indices = view.putArray("indices");
        file.segments().forEach(segment -> indices.add(segment(segment)));
        if (!file.topLevelIndexes().isEmpty()) {
            ArrayNode topLevel = view.putArray("indices_v2");
            file.topLevelIndexes().forEach(index -> topLevel.add(topLevel(index)));
        }
        return view;
    }

    private static ObjectNode segment(IndexSegment segment) {
        ObjectNode node = JSON.objectNode();
        node.put("name", segment.name());
        node.put("uuid", segment.uuid().toString());
        segment.fields().forEach(node.putArray("fields")::add);
        node.set("dataset_version", uint64(segment.datasetVersion()));
        node.set("fragment_ids", fragmentIds(segment.coverage()));
        node.put("type_url", segment.typeUrl().orElse(null));
        if (segment.indexVersion().isPresent()) {
            node.put("index_version", segment.indexVersion().getAsInt());
        } else {
            node.putNull("index_version");
        }
        if (segment.createdAtMillis().isPresent()) {
            node.set("created_at", uint64(segment.createdAtMillis().getAsLong()));
        } else {
            node.putNull("created_at");
        }
        ArrayNode files = node.putArray("files");
        segment.files().stream().sorted(Comparator.comparing(IndexFile::getPath))
                .forEach(f -> files.addObject().put("path", f.getPath()).set("size_bytes", uint64(f.getSizeBytes())));
        segment.coveringFields().forEach(node.putArray("covering_fields")::add);
        return node;
    }

    private static ObjectNode topLevel(IndexV2Entry index) {
        ObjectNode node = JSON.objectNode();
        node.put("name", index.name());
        node.put("id", index.id().toString());
        index.fieldIds().forEach(node.putArray("field_ids")::add);
        node.put("index_type_id", index.indexTypeId());
        node.put("config_type_url", index.configTypeUrl().orElse(null));
        ArrayNode files = node.putArray("files");
        for (IndexV2Entry.File file : index.files()) {
            ObjectNode f = files.addObject();
            f.put("id", file.id().toString());
            f.set("file_size", uint64(file.fileSize()));
            f.set("fragment_ids", fragmentIds(file.coverage()));
        }
        return node;
    }

    /** A uint64 field as the number it is: Java's long is signed, so values from 2^63 on would print negative. */
    static JsonNode uint64(long value) {
        return value >= 0 ? JSON.numberNode(value) : JSON.numberNode(new java.math.BigInteger(Long.toUnsignedString(value)));
    }

    /** Up to this many covered fragments are listed one by one; beyond, as {@code {"count", "ranges"}}. */
    static final long MAX_LISTED = 100_000;

    /**
     * The covered fragment ids (null when coverage is unknown); a bitmap covering more than {@link #MAX_LISTED}
     * is printed as {@code {"count": n, "ranges": [[first, last], ...]}}, so that output stays proportional to the
     * bitmap's bytes (a few bytes of run containers can cover 2^32 ids).
     */
    private static JsonNode fragmentIds(FragmentCoverage coverage) {
        if (!coverage.isKnown()) {
            return JSON.nullNode();
        }
        if (coverage.count() <= MAX_LISTED) {
            ArrayNode array = JSON.arrayNode();
            coverage.fragmentIds().orElseThrow().forEach(array::add);
            return array;
        }
        ObjectNode node = JSON.objectNode();
        node.put("count", coverage.count());
        ArrayNode ranges = node.putArray("ranges");
        coverage.ranges().forEach(r -> ranges.addArray().add(r[0]).add(r[1]));
        return node;
    }
}
