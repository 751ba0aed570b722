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
        view.put("version", file.manifest().getVersion());
        view.put("reader_feature_flags", file.manifest().getReaderFeatureFlags());
        view.put("writer_feature_flags", file.manifest().getWriterFeatureFlags());
        ArrayNode fragments = view.putArray("fragments");
        for (DataFragment fragment : file.manifest().getFragmentsList()) {
            fragments.addObject()
                    .put("id", fragment.getId())
                    .put("physical_rows", fragment.getPhysicalRows())
                    .put("num_deleted_rows", fragment.hasDeletionFile() ? fragment.getDeletionFile().getNumDeletedRows() : 0);
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
        node.put("dataset_version", segment.datasetVersion());
        node.set("fragment_ids", fragmentIds(segment.coverage()));
        node.put("type_url", segment.typeUrl().orElse(null));
        if (segment.indexVersion().isPresent()) {
            node.put("index_version", segment.indexVersion().getAsInt());
        } else {
            node.putNull("index_version");
        }
        if (segment.createdAtMillis().isPresent()) {
            node.put("created_at", segment.createdAtMillis().getAsLong());
        } else {
            node.putNull("created_at");
        }
        ArrayNode files = node.putArray("files");
        segment.files().stream().sorted(Comparator.comparing(IndexFile::getPath))
                .forEach(f -> files.addObject().put("path", f.getPath()).put("size_bytes", f.getSizeBytes()));
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
            f.put("file_size", file.fileSize());
            f.set("fragment_ids", fragmentIds(file.coverage()));
        }
        return node;
    }

    private static JsonNode fragmentIds(FragmentCoverage coverage) {
        return coverage.fragmentIds().<JsonNode>map(ids -> {
            ArrayNode array = JSON.arrayNode();
            ids.forEach(array::add);
            return array;
        }).orElse(JSON.nullNode());
    }
}
