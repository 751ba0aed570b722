package dev.tableindex.model.dataset;

import java.util.Optional;

/**
 * The file name of one manifest under {@code _versions/} (lance-source-facts.md §2.5):
 * V1 {@code {v}.manifest}; V2 {@code {u64::MAX - v:020}.manifest}, so the newest sorts first;
 * detached {@code d{v}.manifest}, whose version has bit 63 set.
 */
public record ManifestName(long version, NamingScheme scheme, boolean detached) {
    public static final String SUFFIX = ".manifest";
    /** Bit 63 marks a detached version (DETACHED_VERSION_MASK). */
    public static final long DETACHED_VERSION_MASK = 0x8000_0000_0000_0000L;
    private static final int V2_DIGITS = 20;

    public enum NamingScheme { V1, V2 }

    /** The file name this version gets under {@code scheme}. */
    public static String fileName(long version, NamingScheme scheme) {
        return switch (scheme) {
            case V1 -> Long.toUnsignedString(version) + SUFFIX;
            case V2 -> pad20(Long.toUnsignedString(-1L - version)) + SUFFIX;
        };
    }

    /**
     * Parses a file name; empty for names that are not manifests (e.g. latest_version_hint.json,
     * staging names {@code {v}.manifest-{uuid}}).
     */
    public static Optional<ManifestName> parse(String fileName) {
        if (!fileName.endsWith(SUFFIX)) {
            return Optional.empty();
        }
        String stem = fileName.substring(0, fileName.length() - SUFFIX.length());
        boolean detached = stem.startsWith("d");
        String digits = detached ? stem.substring(1) : stem;
        if (digits.isEmpty() || !digits.chars().allMatch(Character::isDigit)) {
            return Optional.empty();
        }
        long number;
        try {
            number = Long.parseUnsignedLong(digits);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if (detached) {
            // The scheme of a detached name says nothing about the folder's scheme.
            return Optional.of(new ManifestName(number, NamingScheme.V1, true));
        }
        // Lance's detect_scheme: exactly 20 digits is V2, anything else V1.
        return digits.length() == V2_DIGITS
                ? Optional.of(new ManifestName(-1L - number, NamingScheme.V2, false))
                : Optional.of(new ManifestName(number, NamingScheme.V1, false));
    }

    private static String pad20(String digits) {
        return "0".repeat(V2_DIGITS - digits.length()) + digits;
    }
}
