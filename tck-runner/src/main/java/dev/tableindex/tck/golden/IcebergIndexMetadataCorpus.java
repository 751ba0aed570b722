package dev.tableindex.tck.golden;

import dev.tableindex.model.json.KitJson;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.metadata.IndexMetadataReading;
import dev.tableindex.model.iceberg.metadata.IndexMetadataValidator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.iceberg.SchemaParser;

/**
 * The golden Iceberg index metadata files ({@code golden-files/iceberg-index/metadata/}) checked against the
 * model: each valid file has no violation and reads as {@code valid/expected-readings.json} says; each invalid
 * file gives exactly its violations of {@code invalid/expected-violations.json}.
 */
public final class IcebergIndexMetadataCorpus {
    public static final String FOLDER = "iceberg-index/metadata";

    private final Path folder;

    public IcebergIndexMetadataCorpus(Path folder) {
        this.folder = folder;
    }

    public Path folder() {
        return folder;
    }

    /** The files, relative to the folder: {@code valid/...} and {@code invalid/...}; none when the folder is absent. */
    public List<String> files() {
        List<String> files = new ArrayList<>();
        for (String kind : List.of("valid", "invalid")) {
            if (!Files.isDirectory(folder.resolve(kind))) {
                continue; // a golden folder without the Iceberg corpus
            }
            try (Stream<Path> listing = Files.list(folder.resolve(kind))) {
                listing.map(p -> p.getFileName().toString())
                        .filter(n -> n.endsWith(".json") && !n.startsWith("expected-"))
                        .sorted().forEach(n -> files.add(kind + "/" + n));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }

    /** What is wrong with the model's answer for one file; empty when it is as expected. */
    public List<String> check(String file) {
        try {
            byte[] bytes = Files.readAllBytes(folder.resolve(file));
            IndexMetadataValidator validator = IndexMetadataValidator.withSourceSchemas(
                    List.of(SchemaParser.fromJson(Files.readString(folder.resolve("source-schema.json")))));
            Set<String> got = new TreeSet<>();
            validator.validate(bytes).forEach(v -> got.add(v.jsonPath() + " " + v.rule().code()));
            String name = file.substring(file.indexOf('/') + 1);
            List<String> problems = new ArrayList<>();
            if (file.startsWith("valid/")) {
                if (!got.isEmpty()) {
                    problems.add("violations in a valid file: " + got);
                }
                JsonNode expected = KitJson.read(folder.resolve("valid/expected-readings.json")).path("files").get(name);
                if (expected == null) {
                    problems.add("no expected reading");
                } else {
                    problems.addAll(JsonDiff.between(expected, IndexMetadataReading.of(IndexMetadataJson.read(bytes))));
                }
            } else {
                Optional<ExpectedViolations> expected = ExpectedViolations.of(
                        KitJson.read(folder.resolve("invalid/expected-violations.json")).path("files"), name);
                if (expected.isEmpty()) {
                    return List.of("no entry in expected-violations.json");
                }
                // the kit's validator gives exactly the kit's answer; other validators may give the "also" forms
                Set<String> want = expected.get().kitReport();
                if (!want.equals(got)) {
                    problems.add("expected " + want + ", got " + got);
                }
            }
            return problems;
        } catch (IOException e) {
            return List.of("cannot read: " + e.getMessage());
        }
    }
}
