package dev.tableindex.model.lancefile;

import dev.tableindex.proto.lance.file.Field;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the footer and global buffer 0 of a Lance v2.x file say: the footer version, the number of rows,
 * the schema (flattened fields, parent by id) with its metadata, and the number of columns.
 */
public record LanceFileSummary(int major, int minor, long rows, List<Field> fields,
                               Map<String, byte[]> schemaMetadata, int columns) {
    public LanceFileSummary {
        fields = List.copyOf(fields);
        schemaMetadata = Collections.unmodifiableMap(new LinkedHashMap<>(schemaMetadata));
    }

    /** The format version as Lance names it ("2.0" for footer 0.3). */
    public String version() {
        return new LanceFileFooter(0, 0, 0, 0, 0, major, minor).version();
    }

    /** A schema metadata value read as UTF-8. */
    public Optional<String> metadataString(String key) {
        return Optional.ofNullable(schemaMetadata.get(key)).map(v -> new String(v, StandardCharsets.UTF_8));
    }

    public Optional<Field> field(String name) {
        return fields.stream().filter(f -> f.getName().equals(name)).findFirst();
    }
}
