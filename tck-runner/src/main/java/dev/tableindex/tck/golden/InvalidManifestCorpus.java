package dev.tableindex.tck.golden;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.manifest.ManifestFormatException;
import dev.tableindex.model.manifest.ManifestReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Manifests a reader must refuse, each with the error it must give. {@code expected-errors.json}
 * maps each file to its {@code problem}, {@code offset} and {@code field} (worked out by hand
 * from the base file's layout, see README.md there) and to how it is made: a {@code base}
 * file (relative to golden-files/) and a {@link ByteMutation}.
 */
public record InvalidManifestCorpus(Path folder, Path goldenRoot) {

    /** One bad file, how it is made, and the error it must produce. */
    public record Entry(String file, String problem, long offset, String field, String base, ByteMutation mutation) {
    }

    public List<Entry> entries() {
        JsonNode expected = GoldenManifestCase.readJson(folder.resolve("expected-errors.json"));
        List<Entry> entries = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = expected.path("files").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> file = it.next();
            JsonNode e = file.getValue();
            JsonNode field = e.path("field");
            entries.add(new Entry(file.getKey(), e.path("problem").asText(), e.path("offset").asLong(),
                    field.isTextual() ? field.asText() : null, e.path("base").asText(null),
                    ByteMutation.fromJson(e.path("mutation"))));
        }
        return entries;
    }

    /** The bytes the entry's recipe gives. */
    public byte[] derive(Entry entry) {
        byte[] base = entry.base() == null ? new byte[0] : read(goldenRoot.resolve(entry.base()));
        return entry.mutation().apply(base);
    }

    /** (Re)writes every file from its recipe. */
    public void writeAll() {
        for (Entry entry : entries()) {
            try {
                Files.write(folder.resolve(entry.file()), derive(entry));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Empty when the file matches its recipe and the reader refuses it exactly as expected. */
    public List<String> check(Entry entry) {
        List<String> problems = new ArrayList<>();
        Path path = folder.resolve(entry.file());
        if (!Files.isRegularFile(path)) {
            problems.add(entry.file() + " is missing (tck golden --write-invalid-corpus makes it)");
            return problems;
        }
        if (!Arrays.equals(read(path), derive(entry))) {
            problems.add(entry.file() + " differs from what its recipe makes from " + entry.base());
        }
        try {
            ManifestReader.read(path);
            problems.add("accepted, expected " + entry.problem() + " at offset " + entry.offset());
        } catch (ManifestFormatException e) {
            if (!e.problem().name().equals(entry.problem()) || e.offset() != entry.offset()
                    || !Objects.equals(e.field().orElse(null), entry.field())) {
                problems.add("expected " + entry.problem() + " at offset " + entry.offset()
                        + (entry.field() == null ? "" : " (" + entry.field() + ")") + ", got " + e.problem() + ": "
                        + e.getMessage());
            }
        }
        return problems;
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
