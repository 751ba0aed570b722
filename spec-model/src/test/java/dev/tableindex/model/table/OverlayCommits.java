package dev.tableindex.model.table;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;
import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.dataset.ManifestName;
import dev.tableindex.model.index.FeatureFlags;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.manifest.ManifestWriter;
import dev.tableindex.proto.lance.table.DataFile;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.DataOverlayFile;
import dev.tableindex.proto.lance.table.FieldCoverage;
import dev.tableindex.proto.lance.table.Manifest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.UUID;
import org.roaringbitmap.RoaringBitmap;

/**
 * Test helper: commits data overlays as another writer would (the reference writer does not write
 * them). An overlay's data file is a reference stand-in holding, per field, the values of the
 * covered offsets in offset order (row r holds a field's value only while the field has more than r
 * covered offsets), and the manifest gets reader and writer flag 64.
 */
final class OverlayCommits {
    private static final ObjectMapper JSON = new ObjectMapper();

    private OverlayCommits() {
    }

    /** An overlay to add to one fragment: per field id, the new value of each covered offset. */
    record Overlay(long fragmentId, Map<Integer, SortedMap<Integer, Object>> cells, boolean atFront,
                   Optional<Long> committedVersion) {
        Overlay(long fragmentId, Map<Integer, SortedMap<Integer, Object>> cells) {
            this(fragmentId, cells, false, Optional.empty());
        }
    }

    /**
     * Commits the next version with these overlays added (at the end of the fragment's list, or at
     * its front), each with {@code committed_version} = the new version unless given. Returns the
     * new version.
     */
    static long commit(Path root, List<Overlay> overlays) {
        LanceDatasetFolder folder = LanceDatasetFolder.open(root);
        ManifestFile latest = folder.readLatest();
        long version = latest.version() + 1;
        Manifest.Builder manifest = latest.manifest().toBuilder().setVersion(version).clearTransactionFile()
                .setReaderFeatureFlags(latest.manifest().getReaderFeatureFlags() | FeatureFlags.DATA_OVERLAY_FILES)
                .setWriterFeatureFlags(latest.manifest().getWriterFeatureFlags() | FeatureFlags.DATA_OVERLAY_FILES);
        for (Overlay overlay : overlays) {
            DataOverlayFile file = write(root, overlay.cells(), overlay.committedVersion().orElse(version));
            DataFragment.Builder fragment = manifest.getFragmentsBuilderList().stream()
                    .filter(f -> f.getId() == overlay.fragmentId()).findFirst().orElseThrow();
            if (overlay.atFront()) {
                List<DataOverlayFile> list = new ArrayList<>(fragment.getOverlaysList());
                list.add(0, file);
                fragment.clearOverlays().addAllOverlays(list);
            } else {
                fragment.addOverlays(file);
            }
        }
        ManifestFile written = ManifestFile.of(manifest.build(), latest.indexSection(), Optional.empty());
        try {
            Path versions = root.resolve(LanceDatasetFolder.VERSIONS_DIR);
            Files.write(versions.resolve(ManifestName.fileName(version, folder.namingScheme())),
                    ManifestWriter.write(written));
            Files.writeString(versions.resolve(LanceDatasetFolder.VERSION_HINT_FILE), "{\"version\":" + version + "}",
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return version;
    }

    /** Writes the overlay's stand-in data file; shared coverage when every field covers the same offsets. */
    static DataOverlayFile write(Path root, Map<Integer, SortedMap<Integer, Object>> cells, long committedVersion) {
        List<Integer> fields = new ArrayList<>(cells.keySet());
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("format", StandInDataFile.FORMAT);
        ArrayNode ids = json.putArray("fields");
        fields.forEach(ids::add);
        ArrayNode rows = json.putArray("rows");
        int longest = cells.values().stream().mapToInt(Map::size).max().orElse(0);
        for (int r = 0; r < longest; r++) {
            ObjectNode row = rows.addObject();
            for (int field : fields) {
                List<Object> values = new ArrayList<>(cells.get(field).values());
                if (r < values.size()) {
                    row.set(Integer.toString(field), JSON.valueToTree(values.get(r)));
                }
            }
        }
        String path = UUID.randomUUID() + ".json";
        try {
            Path data = Files.createDirectories(root.resolve(TableStore.DATA_DIR));
            Files.write(data.resolve(path), JSON.writeValueAsBytes(json));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        DataFile.Builder dataFile = DataFile.newBuilder().setPath(path).setFileMajorVersion(2).setFileMinorVersion(1);
        for (int i = 0; i < fields.size(); i++) {
            dataFile.addFields(fields.get(i)).addColumnIndices(i);
        }
        Map<Integer, ByteString> bitmaps = new LinkedHashMap<>();
        for (int field : fields) {
            RoaringBitmap offsets = new RoaringBitmap();
            cells.get(field).keySet().forEach(offsets::add);
            bitmaps.put(field, ByteString.copyFrom(FragmentCoverage.of(offsets).encode()));
        }
        DataOverlayFile.Builder overlay = DataOverlayFile.newBuilder().setDataFile(dataFile)
                .setCommittedVersion(committedVersion);
        if (bitmaps.values().stream().distinct().count() == 1) {
            overlay.setSharedOffsetBitmap(bitmaps.values().iterator().next());
        } else {
            overlay.setFieldCoverage(FieldCoverage.newBuilder().addAllOffsetBitmaps(bitmaps.values()));
        }
        return overlay.build();
    }

    /** Rewrites the latest manifest in place with flag 64 cleared, overlays kept: a malformed dataset. */
    static void clearOverlayFlags(Path root) {
        LanceDatasetFolder folder = LanceDatasetFolder.open(root);
        ManifestFile latest = folder.readLatest();
        Manifest manifest = latest.manifest().toBuilder()
                .setReaderFeatureFlags(latest.manifest().getReaderFeatureFlags() & ~FeatureFlags.DATA_OVERLAY_FILES)
                .setWriterFeatureFlags(latest.manifest().getWriterFeatureFlags() & ~FeatureFlags.DATA_OVERLAY_FILES)
                .build();
        try {
            Files.write(folder.entry(latest.version()).path(),
                    ManifestWriter.write(ManifestFile.of(manifest, latest.indexSection(), Optional.empty())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
