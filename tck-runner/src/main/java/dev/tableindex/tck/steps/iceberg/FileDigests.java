package dev.tableindex.tck.steps.iceberg;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The bytes of files, as SHA-256 digests, to tell later whether anything changed them. */
public final class FileDigests {
    private FileDigests() {
    }

    /** Every regular file under {@code root}, by path relative to it. */
    public static Map<String, String> of(Path root) {
        Map<String, String> digests = new TreeMap<>();
        if (!Files.isDirectory(root)) {
            return digests;
        }
        try (Stream<Path> tree = Files.walk(root)) {
            for (Path file : (Iterable<Path>) tree.filter(Files::isRegularFile)::iterator) {
                digests.put(root.relativize(file).toString(), digest(file));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return digests;
    }

    /** The digest of one file, or {@code "missing"}. */
    public static String digest(Path file) {
        if (!Files.isRegularFile(file)) {
            return "missing";
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** How {@code after} differs from {@code before} for the files {@code before} has: changed or gone. */
    public static List<String> changedOrGone(Map<String, String> before, Map<String, String> after) {
        List<String> out = new ArrayList<>();
        before.forEach((file, digest) -> {
            String now = after.get(file);
            if (now == null || now.equals("missing")) {
                out.add(file + " is gone");
            } else if (!now.equals(digest)) {
                out.add(file + " has other bytes");
            }
        });
        return out;
    }
}
