package dev.tableindex.model.table;

import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.proto.lance.table.IndexMetadata;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.roaringbitmap.RoaringBitmap;

/**
 * One version of a table, immutable: schema, fragments (ascending ids), the legacy index segments
 * (the model's index state; IndexV2 is projected from them when a manifest is written), the
 * contents of the reference's index files by segment uuid, and the IndexV2 id of each index name.
 *
 * @param maxFragmentId the highest fragment id ever used (absent while there never was one): new
 *     fragments take the next ids, so an id is never reused
 * @param legacyIndexMetadataDropped writer flag 1&lt;&lt;12 is set: manifests carry IndexV2 only
 * @param mixedDataFileVersions flag 1&lt;&lt;8 is set: data files may have other exact versions than
 *     data_format.version; the flag is one-way, so every later version keeps it in both words
 */
public record TableVersion(long version, TableSchema schema, List<Fragment> fragments, OptionalLong maxFragmentId,
                           List<IndexMetadata> indexes, Map<UUID, IndexFileContent> indexFiles,
                           Map<String, UUID> indexIds, boolean legacyIndexMetadataDropped,
                           boolean mixedDataFileVersions) {
    public TableVersion {
        fragments = List.copyOf(fragments);
        indexes = List.copyOf(indexes);
        indexFiles = Collections.unmodifiableMap(new LinkedHashMap<>(indexFiles));
        indexIds = Collections.unmodifiableMap(new LinkedHashMap<>(indexIds));
    }

    public Optional<Fragment> fragment(long id) {
        return fragments.stream().filter(f -> f.id() == id).findFirst();
    }

    public RoaringBitmap liveFragmentIds() {
        RoaringBitmap ids = new RoaringBitmap();
        fragments.forEach(f -> ids.add((int) f.id()));
        return ids;
    }

    /** The id the next new fragment gets. */
    public long nextFragmentId() {
        return maxFragmentId.isPresent() ? maxFragmentId.getAsLong() + 1 : 0;
    }

    public List<IndexMetadata> segments(String name) {
        return indexes.stream().filter(i -> i.getName().equals(name)).toList();
    }

    public static UUID uuidOf(IndexMetadata segment) {
        return IndexSegment.uuidFromBytes(segment.getUuid().getUuid().toByteArray());
    }

    /** Rows not deleted, over all fragments. */
    public long liveRows() {
        return fragments.stream().mapToLong(Fragment::liveRows).sum();
    }
}
