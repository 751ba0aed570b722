package dev.tableindex.model.table;

import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.proto.lance.table.DeletionFile;
import org.roaringbitmap.RoaringBitmap;

/**
 * Lance deletion files as the reference writes them: type BITMAP, the deleted offsets as a
 * portable Roaring bitmap, at {@code _deletions/{fragment_id}-{read_version}-{id}.bin}. A new
 * deletion file replaces the fragment's previous one and holds every deleted offset.
 */
public final class DeletionFiles {
    private DeletionFiles() {
    }

    public static DeletionFile describe(long readVersion, long id, RoaringBitmap deleted) {
        return DeletionFile.newBuilder().setFileType(DeletionFile.DeletionFileType.BITMAP).setReadVersion(readVersion)
                .setId(id).setNumDeletedRows(deleted.getLongCardinality()).build();
    }

    /** Path relative to the dataset root. */
    public static String path(long fragmentId, DeletionFile file) {
        String extension = file.getFileType() == DeletionFile.DeletionFileType.BITMAP ? "bin" : "arrow";
        return "_deletions/" + fragmentId + "-" + file.getReadVersion() + "-" + file.getId() + "." + extension;
    }

    public static byte[] encode(RoaringBitmap deleted) {
        return FragmentCoverage.of(deleted).encode();
    }

    /** @throws IllegalArgumentException when the bytes are not a portable Roaring bitmap */
    public static RoaringBitmap decode(byte[] bytes) {
        return FragmentCoverage.fromBytes(bytes).bitmap()
                .orElseThrow(() -> new IllegalArgumentException("empty deletion file"));
    }
}
