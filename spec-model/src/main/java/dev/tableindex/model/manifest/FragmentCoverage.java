package dev.tableindex.model.manifest;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.roaringbitmap.RoaringBitmap;

/**
 * Which fragments an index segment covers, as recorded in {@code fragment_bitmap}. Two states
 * must never be confused: <em>unknown</em> (empty bytes; a reader has to work coverage out
 * from the index files) and <em>known</em>, which may be empty (an 8-byte empty bitmap: the
 * segment covers nothing, e.g. an index created on an empty table).
 */
public final class FragmentCoverage {
    private static final FragmentCoverage UNKNOWN = new FragmentCoverage(null);

    private final RoaringBitmap fragments;

    private FragmentCoverage(RoaringBitmap fragments) {
        this.fragments = fragments;
    }

    public static FragmentCoverage unknown() {
        return UNKNOWN;
    }

    public static FragmentCoverage of(long... fragmentIds) {
        RoaringBitmap bitmap = new RoaringBitmap();
        for (long id : fragmentIds) {
            if (id < 0 || id > 0xFFFF_FFFFL) {
                throw new IllegalArgumentException("fragment id " + id + " does not fit a 32-bit Roaring bitmap");
            }
            bitmap.add((int) id);
        }
        return new FragmentCoverage(bitmap);
    }

    /** Known coverage of the fragments in {@code bitmap} (copied). */
    public static FragmentCoverage of(RoaringBitmap bitmap) {
        return new FragmentCoverage(bitmap.clone());
    }

    /**
     * Decodes {@code fragment_bitmap} bytes for callers outside the codec.
     *
     * @throws IllegalArgumentException when the bytes are not a portable Roaring bitmap
     */
    public static FragmentCoverage fromBytes(byte[] bytes) {
        try {
            return decode(bytes);
        } catch (PortableRoaring.InvalidBitmap e) {
            throw new IllegalArgumentException("invalid fragment bitmap at byte " + e.offset + ": " + e.getMessage(), e);
        }
    }

    /** A copy of the covered fragment ids, or empty when coverage is unknown. */
    public Optional<RoaringBitmap> bitmap() {
        return fragments == null ? Optional.empty() : Optional.of(fragments.clone());
    }

    /**
     * Decodes {@code fragment_bitmap} bytes: empty means unknown, anything else must be a
     * portable Roaring bitmap.
     *
     * @throws PortableRoaring.InvalidBitmap with the offset inside {@code bytes}
     */
    static FragmentCoverage decode(byte[] bytes) throws PortableRoaring.InvalidBitmap {
        return bytes.length == 0 ? UNKNOWN : new FragmentCoverage(PortableRoaring.decode(bytes));
    }

    /** The bytes to store: empty when unknown, the portable bitmap otherwise. */
    public byte[] encode() {
        return fragments == null ? new byte[0] : PortableRoaring.encode(fragments);
    }

    public boolean isKnown() {
        return fragments != null;
    }

    /** The most ids {@link #fragmentIds} lists; a bitmap of run containers may cover up to 2^32 from a few bytes. */
    public static final long MAX_LISTED_IDS = 1L << 24;

    /** How many fragments are covered (0 when unknown), without materializing them. */
    public long count() {
        return fragments == null ? 0 : fragments.getLongCardinality();
    }

    /**
     * Covered fragment ids as inclusive ranges {@code [first, last]} in ascending order (empty when unknown):
     * one entry per run, found container by container, so 2^32 ids cost one range, not 2^32 values.
     */
    public List<long[]> ranges() {
        List<long[]> ranges = new ArrayList<>();
        if (fragments == null) {
            return ranges;
        }
        long from = 0;
        while (from <= 0xFFFF_FFFFL) {
            long first = fragments.nextValue((int) from);
            if (first < 0) {
                break;
            }
            long absent = fragments.nextAbsentValue((int) first);
            long last = absent < 0 || absent <= first ? 0xFFFF_FFFFL : absent - 1;
            ranges.add(new long[] {first, last});
            from = last + 1;
        }
        return ranges;
    }

    /**
     * Covered fragment ids in ascending order, or empty when coverage is unknown.
     *
     * @throws IllegalStateException when more than {@link #MAX_LISTED_IDS} fragments are covered (use {@link #ranges})
     */
    public Optional<List<Long>> fragmentIds() {
        if (fragments == null) {
            return Optional.empty();
        }
        long count = fragments.getLongCardinality();
        if (count > MAX_LISTED_IDS) {
            throw new IllegalStateException("the bitmap covers " + count + " fragments, more than the "
                    + MAX_LISTED_IDS + " the kit lists one by one");
        }
        List<Long> ids = new ArrayList<>((int) count);
        fragments.forEach((int id) -> ids.add(Integer.toUnsignedLong(id)));
        return Optional.of(Collections.unmodifiableList(ids));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof FragmentCoverage that && Objects.equals(fragments, that.fragments);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(fragments);
    }

    @Override
    public String toString() {
        if (fragments == null) {
            return "unknown";
        }
        return ranges().stream().map(r -> r[0] == r[1] ? Long.toString(r[0]) : r[0] + ".." + r[1])
                .collect(java.util.stream.Collectors.joining(", ", "[", "]"));
    }
}
