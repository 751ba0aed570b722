package dev.tableindex.tck.golden;

import dev.tableindex.model.json.KitJson;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.manifest.ManifestFormatException;
import dev.tableindex.model.manifest.ManifestSummary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * One golden dataset written by a real writer: {@code _versions/} as written, {@code expected.json}
 * (the normalized view of every version, from an oracle independent of our reader) and
 * {@code provenance.json} (who wrote it, how, sha256 of each file).
 */
public record GoldenManifestCase(String writer, String name, Path folder) {

    public String id() {
        return writer + "/" + name;
    }

    /** Every mismatch between what the reference model reads and what the case expects; empty means it passes. */
    public List<String> check() {
        List<String> problems = new ArrayList<>();
        JsonNode expected = readJson(folder.resolve("expected.json"));
        JsonNode provenance = readJson(folder.resolve("provenance.json"));
        checkChecksums(provenance, problems);
        LanceDatasetFolder dataset;
        try {
            dataset = LanceDatasetFolder.open(folder);
        } catch (ManifestFormatException e) {
            problems.add("cannot open: " + e.getMessage());
            return problems;
        }
        String naming = expected.path("naming").asText();
        if (!naming.equals(dataset.namingScheme().name())) {
            problems.add("naming scheme: expected " + naming + ", read " + dataset.namingScheme());
        }
        long latest = expected.path("latest_version").asLong();
        if (dataset.latestVersion() != latest) {
            problems.add("latest version: expected " + latest + ", read " + dataset.latestVersion());
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = expected.path("versions").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> version = it.next();
            try {
                JsonNode actual = ManifestSummary.of(dataset.read(Long.parseLong(version.getKey())));
                JsonDiff.between(version.getValue(), actual)
                        .forEach(difference -> problems.add("version " + version.getKey() + ": " + difference));
            } catch (ManifestFormatException e) {
                problems.add("version " + version.getKey() + ": " + e.getMessage());
            }
        }
        if (!expected.path("versions").has(Long.toString(latest))) {
            problems.add("expected.json has no view of the latest version " + latest);
        }
        return problems;
    }

    private void checkChecksums(JsonNode provenance, List<String> problems) {
        JsonNode files = provenance.path("files");
        if (!files.isObject() || files.isEmpty()) {
            problems.add("provenance.json lists no files with sha256");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = files.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> file = it.next();
            Path path = folder.resolve(file.getKey());
            if (!Files.isRegularFile(path)) {
                problems.add("provenance names " + file.getKey() + ", which is missing");
            } else if (!sha256(path).equals(file.getValue().asText())) {
                problems.add(file.getKey() + ": sha256 differs from provenance.json (file changed by hand?)");
            }
        }
    }

    static JsonNode readJson(Path file) {
        try {
            return KitJson.read(file);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    static String sha256(Path file) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
