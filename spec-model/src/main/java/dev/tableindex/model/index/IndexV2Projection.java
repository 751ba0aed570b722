package dev.tableindex.model.index;

import com.google.protobuf.ByteString;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.proto.lance.table.IndexFile;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexV2;
import dev.tableindex.proto.lance.table.IndexV2File;
import dev.tableindex.proto.lance.table.UUID;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import org.roaringbitmap.RoaringBitmap;

/**
 * Maps legacy index segments ({@code IndexMetadata}) to top-level indexes ({@code IndexV2}) and
 * back (docs/decisions/0004-index-v2-compatibility.md).
 *
 * <p>Legacy → V2: one IndexV2 per name; one IndexV2File per segment (file id = segment uuid,
 * file_size = the size of the segment's single file, 0 (unknown) for a segment of several files,
 * fragment_bitmap = the segment's bytes, so "unknown" stays unknown); index_type_id from the details
 * type URL ({@link IndexTypes#typeId}); index_config = the details Any.
 *
 * <p>V2 → legacy: one IndexMetadata per file. What V2 does not hold (dataset_version, created_at,
 * index_version, base_id, covering_fields, the file's path, a segment's several files) is carried over from the previous
 * legacy entry with the same uuid; a file without one gets the version read, the given time and
 * the type's current index_version.
 */
public final class IndexV2Projection {
    /** The name of the single file the reference writes per segment: {@code _indices/<uuid>/index.idx}. */
    public static final String REFERENCE_FILE_NAME = "index.idx";

    private IndexV2Projection() {
    }

    /**
     * The id of a legacy-only index, derived from what does not change while the index lives
     * (name, fields, details), so that reading the same legacy entries twice gives the same id.
     */
    public static java.util.UUID derivedId(IndexMetadata segment) {
        String key = "tableindex:index-v2-id:" + segment.getName() + ":" + segment.getFieldsList() + ":"
                + segment.getIndexDetails().getTypeUrl() + ":" + segment.getIndexDetails().getValue().toStringUtf8();
        return java.util.UUID.nameUUIDFromBytes(key.getBytes(StandardCharsets.UTF_8));
    }

    /** Legacy → V2 with derived index ids. */
    public static List<IndexV2> toV2(List<IndexMetadata> legacy) {
        return toV2(legacy, name -> Optional.empty());
    }

    /**
     * Legacy → V2.
     *
     * @param knownIds the IndexV2 id of a name when the caller knows it (the table keeps ids across
     *     versions); otherwise {@link #derivedId}
     * @throws IndexProjectionException when segments of one name disagree on fields or details, or overlap in
     *     fragments
     */
    public static List<IndexV2> toV2(List<IndexMetadata> legacy, Function<String, Optional<java.util.UUID>> knownIds) {
        Map<String, List<IndexMetadata>> byName = new LinkedHashMap<>();
        for (IndexMetadata segment : legacy) {
            byName.computeIfAbsent(segment.getName(), n -> new ArrayList<>()).add(segment);
        }
        List<IndexV2> result = new ArrayList<>();
        byName.forEach((name, segments) -> {
            IndexMetadata first = segments.get(0);
            IndexV2.Builder index = IndexV2.newBuilder()
                    .setId(bytes(knownIds.apply(name).orElseGet(() -> derivedId(first))))
                    .setName(name)
                    .addAllFieldIds(first.getFieldsList());
            if (first.hasIndexDetails()) {
                index.setIndexTypeId(IndexTypes.typeId(first.getIndexDetails().getTypeUrl()))
                        .setIndexConfig(first.getIndexDetails());
            }
            RoaringBitmap seen = new RoaringBitmap();
            for (IndexMetadata segment : segments) {
                java.util.UUID uuid = IndexSegment.uuidFromBytes(segment.getUuid().getUuid().toByteArray());
                if (!segment.getFieldsList().equals(first.getFieldsList())) {
                    throw new IndexProjectionException(name, "fields", "segment " + uuid + " is on fields "
                            + segment.getFieldsList() + ", another on " + first.getFieldsList());
                }
                if (!segment.getIndexDetails().equals(first.getIndexDetails())) {
                    throw new IndexProjectionException(name, "index_details", "segment " + uuid + " has details "
                            + segment.getIndexDetails().getTypeUrl() + ", another "
                            + first.getIndexDetails().getTypeUrl());
                }
                // A segment of several files (a BTree's page_data.lance and page_lookup.lance) is still one
                // IndexV2File, its id naming the segment's folder; it has no one size, so file_size is 0, unknown
                // (decision 0004), and the legacy entry keeps each file's size.
                checkDisjoint(name, uuid, segment.getFragmentBitmap().toByteArray(), seen);
                index.addFiles(IndexV2File.newBuilder()
                        .setId(segment.getUuid().getUuid())
                        .setFileSize(segment.getFilesCount() == 1 ? segment.getFiles(0).getSizeBytes() : 0)
                        .setFragmentBitmap(segment.getFragmentBitmap()));
            }
            result.add(index.build());
        });
        return result;
    }

    /**
     * V2 → legacy.
     *
     * @param previous the legacy entries of the version read, to carry over what V2 does not hold
     * @param versionRead dataset_version for a file without a previous entry
     * @param createdAtMillis created_at for a file without a previous entry (absent: left unset)
     */
    public static List<IndexMetadata> toLegacy(List<IndexV2> indexes, List<IndexMetadata> previous, long versionRead,
                                               OptionalLong createdAtMillis) {
        Map<ByteString, IndexMetadata> previousById = new LinkedHashMap<>();
        previous.forEach(p -> previousById.put(p.getUuid().getUuid(), p));
        List<IndexMetadata> result = new ArrayList<>();
        for (IndexV2 index : indexes) {
            RoaringBitmap seen = new RoaringBitmap();
            for (IndexV2File file : index.getFilesList()) {
                if (file.getId().size() != 16) {
                    throw new IndexProjectionException(index.getName(), "files.id",
                            "file id has " + file.getId().size() + " bytes, expected 16");
                }
                java.util.UUID uuid = IndexSegment.uuidFromBytes(file.getId().toByteArray());
                checkDisjoint(index.getName(), uuid, file.getFragmentBitmap().toByteArray(), seen);
                Optional<IndexMetadata> before = Optional.ofNullable(previousById.get(file.getId()));
                IndexMetadata.Builder entry = IndexMetadata.newBuilder()
                        .setUuid(UUID.newBuilder().setUuid(file.getId()))
                        .addAllFields(index.getFieldIdsList())
                        .setName(index.getName())
                        .setDatasetVersion(before.map(IndexMetadata::getDatasetVersion).orElse(versionRead))
                        .setFragmentBitmap(file.getFragmentBitmap());
                if (index.hasIndexConfig()) {
                    entry.setIndexDetails(index.getIndexConfig());
                }
                if (before.isPresent() && before.get().hasIndexVersion()) {
                    entry.setIndexVersion(before.get().getIndexVersion());
                } else if (before.isEmpty() && index.hasIndexConfig()) {
                    IndexTypes.Kind.byTypeUrl(index.getIndexConfig().getTypeUrl())
                            .ifPresent(kind -> entry.setIndexVersion(kind.indexVersion()));
                }
                if (before.isPresent() && before.get().hasCreatedAt()) {
                    entry.setCreatedAt(before.get().getCreatedAt());
                } else if (before.isEmpty() && createdAtMillis.isPresent()) {
                    entry.setCreatedAt(createdAtMillis.getAsLong());
                }
                before.filter(IndexMetadata::hasBaseId).ifPresent(b -> entry.setBaseId(b.getBaseId()));
                before.ifPresent(b -> entry.addAllCoveringFields(b.getCoveringFieldsList()));
                if (before.isPresent() && before.get().getFilesCount() > 1) {
                    entry.addAllFiles(before.get().getFilesList()); // several files: IndexV2File holds no size for them
                } else if (file.getFileSize() > 0) {
                    String path = before.filter(b -> b.getFilesCount() == 1).map(b -> b.getFiles(0).getPath())
                            .orElse(REFERENCE_FILE_NAME);
                    entry.addFiles(IndexFile.newBuilder().setPath(path).setSizeBytes(file.getFileSize()));
                }
                result.add(entry.build());
            }
        }
        return result;
    }

    private static void checkDisjoint(String name, java.util.UUID uuid, byte[] bitmapBytes, RoaringBitmap seen) {
        FragmentCoverage coverage;
        try {
            coverage = FragmentCoverage.fromBytes(bitmapBytes);
        } catch (IllegalArgumentException e) {
            throw new IndexProjectionException(name, "fragment_bitmap", "segment " + uuid + ": " + e.getMessage());
        }
        Optional<RoaringBitmap> bitmap = coverage.bitmap();
        if (bitmap.isEmpty()) {
            return;
        }
        RoaringBitmap overlap = RoaringBitmap.and(seen, bitmap.get());
        if (!overlap.isEmpty()) {
            throw new IndexProjectionException(name, "fragment_bitmap", "segment " + uuid
                    + " covers fragments " + overlap + " that another file of the index covers too");
        }
        seen.or(bitmap.get());
    }

    private static ByteString bytes(java.util.UUID uuid) {
        return ByteString.copyFrom(IndexSegment.uuidToBytes(uuid));
    }
}
