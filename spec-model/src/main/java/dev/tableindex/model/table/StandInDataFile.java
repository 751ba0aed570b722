package dev.tableindex.model.table;

import dev.tableindex.model.json.JsonInputException;
import dev.tableindex.model.json.KitJson;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.proto.lance.file.Field;
import dev.tableindex.proto.lance.table.DataFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The reference's fragment data: a JSON stand-in at {@code data/<uuid>.json}, NOT a Lance data
 * file. Only manifests, deletion files and index metadata of the reference are Lance-conformant; a
 * Lance reader can decode the reference's manifests but not read its rows. Layout:
 * {@code {"format":"tableindex-reference-rows/1","fields":[ids],"rows":[{"<field id>":value}]}}.
 * The manifest's DataFile names it with {@code fields} = the top-level field ids it holds,
 * {@code column_indices} 0..n-1, version 2.1 (as {@code data_format}) and its exact size.
 */
public final class StandInDataFile {
    public static final String FORMAT = "tableindex-reference-rows/1";
    private static final ObjectMapper JSON = new ObjectMapper();

    private StandInDataFile() {
    }

    /** The file's bytes: the schema's columns of every row, in schema order. */
    public static byte[] encode(TableSchema schema, List<Map<Integer, Object>> rows) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("format", FORMAT);
        ArrayNode ids = root.putArray("fields");
        schema.columns().forEach(c -> ids.add(c.getId()));
        ArrayNode out = root.putArray("rows");
        for (Map<Integer, Object> row : rows) {
            ObjectNode node = out.addObject();
            for (Field column : schema.columns()) {
                node.set(Integer.toString(column.getId()), schema.typeOf(column).toJson(row.get(column.getId())));
            }
        }
        try {
            return JSON.writeValueAsBytes(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The manifest entry of a stand-in file written now. */
    public static DataFile describe(String path, TableSchema schema, byte[] bytes) {
        DataFile.Builder file = DataFile.newBuilder().setPath(path).setFileMajorVersion(2).setFileMinorVersion(1)
                .setFileSizeBytes(bytes.length);
        // As Lance lists a data file's fields: the leaves, one column each.
        List<Integer> leaves = schema.leafFieldIds();
        for (int i = 0; i < leaves.size(); i++) {
            file.addFields(leaves.get(i)).addColumnIndices(i);
        }
        return file.build();
    }

    /** The rows of a stand-in file, restricted to the schema's columns (dropped ones are not read). */
    public static List<Map<Integer, Object>> decode(byte[] bytes, TableSchema schema, String source) {
        JsonNode root;
        try {
            root = KitJson.read(bytes);
        } catch (JsonInputException e) {
            throw new IllegalArgumentException("data file " + source + ": " + e.getMessage());
        }
        if (!FORMAT.equals(root.path("format").asText())) {
            throw new IllegalArgumentException(source + " is not a reference data file (" + FORMAT + ")");
        }
        List<Map<Integer, Object>> rows = new ArrayList<>();
        for (JsonNode node : root.path("rows")) {
            Map<Integer, Object> row = new LinkedHashMap<>();
            for (Field column : schema.columns()) {
                JsonNode value = node.get(Integer.toString(column.getId()));
                if (value != null) {
                    row.put(column.getId(), schema.typeOf(column).fromJson(value, column.getName()));
                }
            }
            rows.add(row);
        }
        return rows;
    }
}
