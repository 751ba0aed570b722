package dev.tableindex.tck.golden;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.manifest.ManifestFormatException;
import dev.tableindex.model.manifest.ManifestReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Manifests a reader must refuse, each with the error it must give ({@code expected-errors.json}:
 * file name to {@code problem}, {@code offset}, {@code field}, and how the file was made).
 */
public record InvalidManifestCorpus(Path folder) {

    /** One bad file and the error it must produce. */
    public record Entry(String file, String problem, long offset, String field, String madeBy) {
        /** Empty when the reader refuses the file exactly as expected. */
        public List<String> check(Path folder) {
            List<String> problems = new ArrayList<>();
            try {
                ManifestReader.read(folder.resolve(file));
                problems.add(file + ": was accepted, expected " + problem + " at offset " + offset);
            } catch (ManifestFormatException e) {
                String actualField = e.field().orElse(null);
                if (!e.problem().name().equals(problem) || e.offset() != offset
                        || !java.util.Objects.equals(actualField, field)) {
                    problems.add(file + ": expected " + problem + " at offset " + offset + (field == null ? "" : " (" + field + ")")
                            + ", got " + e.problem() + ": " + e.getMessage());
                }
            }
            return problems;
        }
    }

    public List<Entry> entries() {
        JsonNode expected = GoldenManifestCase.readJson(folder.resolve("expected-errors.json"));
        List<Entry> entries = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = expected.path("files").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> file = it.next();
            JsonNode e = file.getValue();
            entries.add(new Entry(file.getKey(), e.path("problem").asText(), e.path("offset").asLong(),
                    e.path("field").isNull() || e.path("field").isMissingNode() ? null : e.path("field").asText(),
                    e.path("made_by").asText()));
        }
        return entries;
    }
}
