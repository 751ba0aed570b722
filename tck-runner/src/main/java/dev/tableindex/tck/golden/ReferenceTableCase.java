package dev.tableindex.tck.golden;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.index.FeatureFlags;
import dev.tableindex.model.index.IndexCatalog;
import dev.tableindex.model.index.OverlayExclusion;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.table.Fragment;
import dev.tableindex.model.table.RowAddress;
import dev.tableindex.model.table.TableException;
import dev.tableindex.model.table.TableStore;
import dev.tableindex.model.table.TableVersion;
import dev.tableindex.proto.lance.file.Field;
import dev.tableindex.proto.lance.table.DataFragment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.roaringbitmap.RoaringBitmap;

/**
 * One golden dataset written by the kit's reference model ({@code golden-files/reference-tables/<case>/}).
 * Checked like a Lance-written case (every version's {@code ManifestSummary} view, sha256 of each file)
 * and, in addition, against {@code expected.json → reader}: what the reader ({@link IndexCatalog}, with
 * the reader-flag rule of {@link TableStore#readLatest}) makes of the latest version,
 * {@code reader_of_earlier_versions} for earlier ones, and {@code current_rows} (the data overlay cases:
 * every live row's current values) where the case has it.
 */
public record ReferenceTableCase(String name, Path folder) {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    public String id() {
        return GoldenFiles.REFERENCE_TABLES + "/" + name;
    }

    /** Every mismatch; empty means the case passes. */
    public List<String> check() {
        List<String> problems = new ArrayList<>(new GoldenManifestCase(GoldenFiles.REFERENCE_TABLES, name, folder).check());
        JsonNode expected = GoldenManifestCase.readJson(folder.resolve("expected.json"));
        JsonNode reader = expected.path("reader");
        if (!reader.isObject()) {
            problems.add("expected.json has no reader part");
        } else {
            long latest = expected.path("latest_version").asLong();
            if (reader.path("version").asLong() != latest) {
                problems.add("reader.version: expected the latest version " + latest);
            }
            compare("reader", reader, problems);
        }
        if (expected.has("current_rows")) {
            try {
                JsonDiff.between(expected.get("current_rows"), currentRows(folder))
                        .forEach(d -> problems.add("current_rows: " + d));
            } catch (RuntimeException e) {
                problems.add("current_rows: " + e);
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = expected.path("reader_of_earlier_versions").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> earlier = it.next();
            compare("reader_of_earlier_versions." + earlier.getKey(), earlier.getValue(), problems);
        }
        return problems;
    }

    private void compare(String where, JsonNode expected, List<String> problems) {
        try {
            JsonNode actual = readerView(folder, expected.path("version").asLong());
            JsonDiff.between(expected, actual).forEach(d -> problems.add(where + ": " + d));
        } catch (RuntimeException e) {
            problems.add(where + ": " + e);
        }
    }

    /**
     * The live rows of the latest version as the reference reads them (data overlays applied,
     * deletions taken out): one object per row, {@code fragment}, {@code offset}, then every column by
     * name, in fragment and offset order. Checked against {@code expected.json → current_rows}, where a
     * case has it (the data overlay cases), which is worked by hand from the overlay rules.
     */
    public static ArrayNode currentRows(Path root) {
        TableVersion table = TableStore.load(root).table();
        ArrayNode rows = JSON.arrayNode();
        for (Fragment fragment : table.fragments()) {
            for (int offset : fragment.liveOffsets()) {
                ObjectNode row = rows.addObject().put("fragment", fragment.id()).put("offset", offset);
                for (Field column : table.schema().columns()) {
                    row.set(column.getName(), table.schema().typeOf(column)
                            .toJson(fragment.rows().get(offset).get(column.getId())));
                }
            }
        }
        return rows;
    }

    /**
     * What the reference reader makes of one version: {@code refuse} (a reader flag it does not know),
     * or the {@code source} of its index metadata, the {@code indexes} it uses (fields, keyed fields,
     * type id, segment uuids, covered fragments), what it {@code ignored} (index name, segment uuid or
     * null for the whole index) and the {@code excluded_cells} overlays take from an index's answers.
     */
    public static ObjectNode readerView(Path root, long version) {
        ManifestFile file = LanceDatasetFolder.open(root).read(version);
        ObjectNode view = JSON.objectNode();
        view.put("version", version);
        long unknown = FeatureFlags.unknownToReader(file.manifest().getReaderFeatureFlags());
        if (unknown != 0) {
            view.put("refuse", TableException.Kind.READER_FEATURE_UNSUPPORTED.name());
            return view;
        }
        IndexCatalog catalog = TableStore.catalog(root, file);
        view.put("source", catalog.source().name());
        ArrayNode indexes = view.putArray("indexes");
        ArrayNode cells = JSON.arrayNode();
        for (IndexCatalog.Index index : catalog.indexes()) {
            ObjectNode node = indexes.addObject();
            node.put("name", index.name());
            index.fieldIds().forEach(node.putArray("fields")::add);
            index.keyedFieldIds().forEach(node.putArray("keyed_fields")::add);
            node.put("type_id", index.typeId());
            ArrayNode segments = node.putArray("segments");
            index.segments().forEach(s -> segments.add(s.uuid().toString()));
            ArrayNode covered = node.putArray("covered_fragments");
            index.coverage().forEach((int id) -> covered.add(Integer.toUnsignedLong(id)));
            for (DataFragment fragment : file.manifest().getFragmentsList()) {
                Optional<IndexCatalog.Segment> segment = index.segmentFor(fragment.getId());
                if (segment.isEmpty() || fragment.getOverlaysCount() == 0) {
                    continue;
                }
                for (int field : index.fieldIds()) {
                    RoaringBitmap offsets = OverlayExclusion.excludedOffsets(segment.get().datasetVersion(),
                            fragment.getOverlaysList(), field);
                    offsets.forEach((int offset) -> cells.addObject().put("index", index.name())
                            .put("fragment", fragment.getId()).put("offset", offset)
                            .put("row_address", RowAddress.of(fragment.getId(), offset)).put("field", field));
                }
            }
        }
        ArrayNode ignored = view.putArray("ignored");
        for (IndexCatalog.Ignored i : catalog.ignored()) {
            ObjectNode node = ignored.addObject().put("name", i.name());
            if (i.segment().isPresent()) {
                node.put("segment", i.segment().get().toString());
            } else {
                node.putNull("segment");
            }
        }
        view.set("excluded_cells", cells);
        return view;
    }
}
