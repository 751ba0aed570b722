package dev.tableindex.model.manifest;

/**
 * Where a message's bytes are in a file, so that decoding its fields can name the byte offset
 * of a bad value. A site for an in-memory message reports offset -1.
 */
final class FieldSite {
    private final String source;
    private final WireLocator locator;
    private final WireLocator.Region region;
    /** Each field's occurrences, located once per field on first use. */
    private final java.util.Map<Integer, java.util.List<WireLocator.Region>> occurrences = new java.util.HashMap<>();

    private FieldSite(String source, WireLocator locator, WireLocator.Region region) {
        this.source = source;
        this.locator = locator;
        this.region = region;
    }

    /** The message at {@code [start, start + length)} of a whole file's bytes (no copy). */
    static FieldSite of(String source, byte[] fileBytes, int start, int length) {
        return new FieldSite(source, new WireLocator(fileBytes, 0), new WireLocator.Region(start, length));
    }

    static FieldSite inMemory(String source) {
        return new FieldSite(source, null, null);
    }

    /** The site of the {@code occurrence}-th value of message field {@code fieldNumber}. */
    FieldSite child(int fieldNumber, int occurrence) {
        if (locator == null) {
            return this;
        }
        java.util.List<WireLocator.Region> all = occurrences.computeIfAbsent(fieldNumber, n -> locator.findAll(region, n));
        return occurrence < all.size() ? new FieldSite(source, locator, all.get(occurrence)) : inMemory(source);
    }

    long offset() {
        return locator == null ? -1 : locator.fileOffset(region);
    }

    ManifestFormatException error(ManifestProblem problem, String fieldPath, int fieldNumber, String what) {
        return new ManifestFormatException(problem, source, child(fieldNumber, 0).offset(), fieldPath, what);
    }

    /** Decodes a bitmap stored in field {@code fieldNumber} of this message. */
    FragmentCoverage coverage(byte[] bytes, String fieldPath, int fieldNumber) {
        try {
            return FragmentCoverage.decode(bytes);
        } catch (PortableRoaring.InvalidBitmap e) {
            long start = child(fieldNumber, 0).offset();
            throw new ManifestFormatException(ManifestProblem.INVALID_ROARING, source,
                    start < 0 ? -1 : start + e.offset, fieldPath, e.getMessage());
        }
    }
}
