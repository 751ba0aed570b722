package dev.tableindex.model.index;

/**
 * The feature-flag bits of {@code Manifest.reader_feature_flags} / {@code writer_feature_flags}
 * (lance-table.proto; lance-source-facts.md §2.6) and the one bit the kit adds.
 *
 * <p>A reader must refuse a dataset whose reader flags hold a bit it does not know; a writer must
 * refuse every write (delete included, unlike Lance 7.0.0 which checks only the insert path) to a
 * dataset whose writer flags hold a bit it does not know.
 *
 * <p>{@link #LEGACY_INDEX_METADATA_DROPPED} (1 &lt;&lt; 12): the manifest may carry IndexV2 only.
 * Bits 9–11 are taken by newer Lance (fragment reuse with stable row ids, fragment reuse index,
 * managed blobs), so the kit takes 12. It is a <em>writer</em> flag only: a writer that does not
 * know IndexV2 would maintain legacy entries the readers ignore (or none at all) and must stop; a
 * reader that does not know IndexV2 sees a table without indexes, scans, and still answers
 * correctly, so it need not refuse (docs/decisions/0004-index-v2-compatibility.md).
 */
public final class FeatureFlags {
    public static final long DELETION_FILES = 1L;
    public static final long STABLE_ROW_IDS = 1L << 1;
    public static final long USE_V2_FORMAT_DEPRECATED = 1L << 2;
    public static final long TABLE_CONFIG = 1L << 3;
    public static final long BASE_PATHS = 1L << 4;
    public static final long DISABLE_TRANSACTION_FILE = 1L << 5;
    public static final long DATA_OVERLAY_FILES = 1L << 6;
    public static final long COVERING_INDEX_FIELDS = 1L << 7;
    public static final long MIXED_DATA_FILE_VERSIONS = 1L << 8;
    /** Kit-chosen: legacy IndexMetadata may be absent, IndexV2 is authoritative. Writer flag. */
    public static final long LEGACY_INDEX_METADATA_DROPPED = 1L << 12;

    /** Every bit the reference understands, as a reader and as a writer. */
    public static final long KNOWN = 0x1FFL | LEGACY_INDEX_METADATA_DROPPED;
    /**
     * Known bits whose data the reference writer cannot maintain (it writes no row-id sequences,
     * base paths or overlays): it refuses to write such a table rather than corrupt it. Mixed data
     * file versions (1 &lt;&lt; 8) it maintains: it keeps every DataFile as listed, with its own version.
     */
    public static final long KNOWN_BUT_NOT_MAINTAINED = STABLE_ROW_IDS | BASE_PATHS | DATA_OVERLAY_FILES;

    private FeatureFlags() {
    }

    /** The bits of {@code flags} that a reader or writer knowing {@code known} does not know. */
    public static long unknown(long flags, long known) {
        return flags & ~known;
    }

    /** The bits the reference reader refuses. */
    public static long unknownToReader(long readerFlags) {
        return unknown(readerFlags, KNOWN);
    }

    /** The bits the reference writer refuses: unknown ones, and known ones it cannot maintain. */
    public static long refusedByWriter(long writerFlags) {
        return writerFlags & (~KNOWN | KNOWN_BUT_NOT_MAINTAINED);
    }

    public static boolean has(long flags, long bit) {
        return (flags & bit) != 0;
    }
}
