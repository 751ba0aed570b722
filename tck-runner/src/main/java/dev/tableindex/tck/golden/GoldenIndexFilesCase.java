package dev.tableindex.tck.golden;

import dev.tableindex.model.json.KitJson;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.lancefile.LanceColumn;
import dev.tableindex.model.lancefile.LanceColumns;
import dev.tableindex.model.lancefile.LanceFileFormatException;
import dev.tableindex.model.lancefile.LanceFileReader;
import dev.tableindex.model.lancefile.LanceFileSummary;
import dev.tableindex.proto.lance.file.Field;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One folder {@code lance-index-files/<writer>/<case>/}: index files a real Lance release wrote. Every file in
 * {@code expected.json} (what Lance's own file reader read) must have provenance.json's sha256, the kit's
 * {@link LanceFileReader#summary} must read the same field names, nullability, schema metadata and row count, and
 * {@link LanceFileReader#read} the same rows (binary as hex, numbers as their decimal text).
 */
public record GoldenIndexFilesCase(String writer, String name, Path folder) {
    public String id() {
        return writer + "/" + name;
    }

    public List<String> check() {
        List<String> problems = new ArrayList<>();
        try {
            JsonNode expected = KitJson.read(folder.resolve("expected.json"));
            JsonNode hashes = KitJson.read(folder.resolve("provenance.json")).path("files");
            for (Iterator<Map.Entry<String, JsonNode>> files = expected.fields(); files.hasNext(); ) {
                Map.Entry<String, JsonNode> file = files.next();
                checkFile(file.getKey(), file.getValue(), hashes.path(file.getKey()).path("sha256").asText(), problems);
            }
        } catch (IOException e) {
            problems.add("cannot read the case: " + e.getMessage());
        }
        return problems;
    }

    private void checkFile(String file, JsonNode lance, String sha256, List<String> problems) throws IOException {
        byte[] bytes = Files.readAllBytes(folder.resolve(file));
        if (!sha256(bytes).equals(sha256)) {
            problems.add(file + ": sha256 " + sha256(bytes) + " is not provenance.json's " + sha256);
        }
        LanceFileSummary summary;
        try {
            summary = LanceFileReader.summary(bytes, file);
        } catch (LanceFileFormatException e) {
            problems.add(e.getMessage());
            return;
        }
        List<String> kit = new ArrayList<>();
        for (Field field : summary.fields()) {
            kit.add(field.getName() + (field.getNullable() ? " nullable" : " not null"));
        }
        List<String> real = new ArrayList<>();
        lance.path("fields").forEach(f -> real.add(f.path("name").asText()
                + (f.path("nullable").asBoolean() ? " nullable" : " not null")));
        if (!kit.equals(real)) {
            problems.add(file + ": the kit reads fields " + kit + ", Lance's reader " + real);
        }
        if (summary.rows() != lance.path("num_rows").asLong()) {
            problems.add(file + ": the kit reads " + summary.rows() + " rows, Lance's reader " + lance.path("num_rows"));
        }
        JsonNode metadata = lance.path("schema_metadata");
        if (summary.schemaMetadata().size() != metadata.size()) {
            problems.add(file + ": the kit reads schema metadata keys " + summary.schemaMetadata().keySet()
                    + ", Lance's reader " + metadata);
        }
        metadata.fields().forEachRemaining(entry -> {
            if (!summary.metadataString(entry.getKey()).orElse("").equals(entry.getValue().asText())) {
                problems.add(file + ": schema metadata " + entry.getKey() + " is "
                        + summary.metadataString(entry.getKey()).orElse("(absent)") + ", Lance's reader " + entry.getValue());
            }
        });
        checkRows(file, bytes, lance.path("rows"), problems);
    }

    /** The kit's decoded rows against Lance's reader's, row by row (the first difference only). */
    private static void checkRows(String file, byte[] bytes, JsonNode rows, List<String> problems) {
        LanceColumns read;
        try {
            read = LanceFileReader.read(bytes, file);
        } catch (LanceFileFormatException e) {
            problems.add(e.getMessage());
            return;
        }
        if (read.rows() != rows.size()) {
            problems.add(file + ": the kit decodes " + read.rows() + " rows, Lance's reader read " + rows.size());
            return;
        }
        for (int row = 0; row < rows.size(); row++) {
            for (int c = 0; c < read.columns().size(); c++) {
                LanceColumn column = read.columns().get(c);
                String kit = text(column.values().get(row));
                JsonNode expected = rows.get(row).path(c);
                String real = expected.isNull() || expected.isMissingNode() ? null : expected.asText();
                if (!Objects.equals(kit, real)) {
                    problems.add(file + ": row " + row + " column " + column.name() + " is " + kit
                            + " as the kit decodes it, " + real + " as Lance's reader read it");
                    return;
                }
            }
        }
    }

    /** A decoded value as expected.json writes it: bytes in hex, anything else as its text; null stays null. */
    private static String text(Object value) {
        return value == null ? null : value instanceof byte[] bytes ? HexFormat.of().formatHex(bytes) : value.toString();
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
