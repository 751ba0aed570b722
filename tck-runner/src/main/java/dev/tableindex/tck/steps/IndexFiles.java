package dev.tableindex.tck.steps;

import dev.tableindex.model.manifest.IndexSegment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/** The files of an index segment as they are on disk ({@code _indices/<uuid>/}), for immutability checks. */
final class IndexFiles {
    private IndexFiles() {
    }

    /** A segment's files (relative path to SHA-256 of the bytes) and the fragments its bitmap names. */
    record Snapshot(Map<String, String> files, Set<Long> coverage) {
        /** What changed from this snapshot to {@code now}, or null when nothing a kept uuid may not change did. */
        String changeTo(Snapshot now) {
            if (!files.equals(now.files)) {
                return "its files changed (" + files.keySet() + " before, " + now.files.keySet() + " now"
                        + (files.keySet().equals(now.files.keySet()) ? ", with other bytes" : "") + ")";
            }
            Set<Long> gained = new TreeSet<>(now.coverage);
            gained.removeAll(coverage);
            return gained.isEmpty() ? null : "it now covers fragments " + gained + " its files were not built on";
        }
    }

    static Snapshot snapshot(Path datasetRoot, IndexSegment segment) {
        Path folder = datasetRoot.resolve("_indices").resolve(segment.uuid().toString());
        Map<String, String> files = new TreeMap<>();
        if (Files.isDirectory(folder)) {
            try (Stream<Path> walk = Files.walk(folder)) {
                for (Path file : walk.filter(Files::isRegularFile).toList()) {
                    files.put(folder.relativize(file).toString(), sha256(Files.readAllBytes(file)));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new Snapshot(files, new TreeSet<>(segment.coverage().fragmentIds().orElse(List.of())));
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
