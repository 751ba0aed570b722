package dev.tableindex.model.table;

import dev.tableindex.model.lancefile.LanceColumn;
import dev.tableindex.model.lancefile.LanceColumns;
import dev.tableindex.model.lancefile.LanceFileFormatException;
import dev.tableindex.model.lancefile.LanceFileReader;
import dev.tableindex.model.lancefile.LanceFileWriter;
import dev.tableindex.model.lancefile.LanceType;
import dev.tableindex.proto.lance.file.Field;
import dev.tableindex.proto.lance.table.DataFile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fragment's rows in a real Lance data file of format 2.0, beside the reference's own stand-in files
 * ({@link StandInDataFile}). With reader and writer flag 1&lt;&lt;8 a table may list data files of other
 * exact versions than {@code data_format.version}, and "each DataFile's version is authoritative for
 * decoding" (lance-table.proto, DataStorageFormat.version): the reference picks the decoder by the
 * DataFile's own version ({@link #isVersion20}), never by data_format.
 *
 * <p>Lance's manifests record format 2.0 as {@code file_major_version 2, file_minor_version 0}
 * ({@code LanceFileVersion::V2_0.to_numbers()}, rust/lance-encoding/src/version.rs; Lance 2.0.0's manifests in
 * golden-files/lance-manifests), while the file's own footer says 0.3; Lance's readers take both pairs as 2.0
 * ({@code try_from_major_minor}), and so does the reference.
 * The columns are top-level int32, int64 and string ones, the types the kit's v2.0 reader and writer
 * handle ({@code model.lancefile}). A DataFile maps table field ids to file columns through
 * {@code fields} and {@code column_indices}, as Lance's fragment reader does (the file's own field ids
 * are not consulted).
 */
public final class LanceV20DataFile {
    /** The DataFile version Lance's manifests record for format 2.0. */
    public static final int MAJOR = 2;
    public static final int MINOR = 0;

    private LanceV20DataFile() {
    }

    /** Whether a DataFile says its file is Lance format 2.0 (2.0, or the footer's 0.3). */
    public static boolean isVersion20(DataFile file) {
        return (file.getFileMajorVersion() == MAJOR && file.getFileMinorVersion() == MINOR)
                || (file.getFileMajorVersion() == 0 && file.getFileMinorVersion() == 3);
    }

    /**
     * The bytes of a Lance 2.0 file holding the schema's columns of {@code rows}, in schema order.
     *
     * @throws TableException INVALID_OPERATION for a column of a type the kit cannot write in Lance 2.0
     */
    public static byte[] encode(TableSchema schema, List<Map<Integer, Object>> rows) {
        return encode(schema, schema.columns(), rows);
    }

    /**
     * The bytes of a Lance 2.0 file holding {@code order}'s columns of {@code rows}, in that order (a file's
     * columns need not follow the schema: DataFile.column_indices says where each field is).
     *
     * @throws TableException INVALID_OPERATION for a column of a type the kit cannot write in Lance 2.0
     */
    public static byte[] encode(TableSchema schema, List<Field> order, List<Map<Integer, Object>> rows) {
        List<LanceColumn> columns = new ArrayList<>();
        for (Field column : order) {
            LanceType type = lanceType(schema, column);
            List<Object> values = new ArrayList<>(rows.size());
            for (Map<Integer, Object> row : rows) {
                Object value = row.get(column.getId());
                values.add(value instanceof String text ? text.getBytes(StandardCharsets.UTF_8) : value);
            }
            columns.add(new LanceColumn(column.getName(), type, column.getNullable(), values));
        }
        return LanceFileWriter.write(columns, Map.of());
    }

    /** The manifest entry of such a file: each column's field id, column i, version 2.0, the exact size. */
    public static DataFile describe(String path, TableSchema schema, byte[] bytes) {
        return describe(path, schema, schema.columns(), bytes);
    }

    /**
     * The manifest entry of a file written by {@link #encode(TableSchema, List, List)} with {@code order}: the
     * schema's columns in schema order, each with the position of its column in the file.
     */
    public static DataFile describe(String path, TableSchema schema, List<Field> order, byte[] bytes) {
        DataFile.Builder file = DataFile.newBuilder().setPath(path).setFileMajorVersion(MAJOR)
                .setFileMinorVersion(MINOR).setFileSizeBytes(bytes.length);
        for (Field column : schema.columns()) {
            int index = order.indexOf(column);
            if (index < 0) {
                throw new IllegalArgumentException("column " + column.getName() + " is not among the file's columns");
            }
            file.addFields(column.getId()).addColumnIndices(index);
        }
        return file.build();
    }

    /**
     * The rows of a Lance 2.0 data file, keyed by the table's field ids: field {@code fields[i]} is the
     * file's top-level column {@code column_indices[i]}. Fields the schema no longer has are not read; a
     * column of the schema the file does not hold is absent from the rows (it reads as nulls).
     *
     * @throws IllegalArgumentException naming the file and what is wrong: not a readable Lance 2.0 file, a
     *     column index out of range, a column whose type is not the schema's, or a row count other than
     *     {@code physicalRows}
     */
    public static List<Map<Integer, Object>> decode(byte[] bytes, DataFile file, TableSchema schema, long physicalRows,
                                                    String source) {
        LanceColumns read;
        try {
            read = LanceFileReader.read(bytes, source);
        } catch (LanceFileFormatException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        if (!read.summary().version().equals("2.0")) {
            throw new IllegalArgumentException(source + ": the DataFile says Lance 2.0, the file's footer says "
                    + read.summary().version());
        }
        if (read.rows() != physicalRows) {
            throw new IllegalArgumentException(source + " holds " + read.rows() + " rows, the fragment has "
                    + physicalRows + " physical rows");
        }
        if (file.getColumnIndicesCount() != file.getFieldsCount()) {
            throw new IllegalArgumentException(source + ": the DataFile lists " + file.getFieldsCount()
                    + " fields but " + file.getColumnIndicesCount() + " column_indices");
        }
        List<Map<Integer, Object>> rows = new ArrayList<>();
        for (long row = 0; row < read.rows(); row++) {
            rows.add(new LinkedHashMap<>());
        }
        for (int i = 0; i < file.getFieldsCount(); i++) {
            int fieldId = file.getFields(i);
            int columnIndex = file.getColumnIndices(i);
            var column = schema.columnById(fieldId);
            if (column.isEmpty() || columnIndex < 0) {
                continue; // a dropped column, or a field without a top-level column of its own
            }
            if (columnIndex >= read.columns().size()) {
                throw new IllegalArgumentException(source + ": field " + fieldId + " is column " + columnIndex
                        + ", but the file has " + read.columns().size() + " top-level columns");
            }
            LanceColumn values = read.columns().get(columnIndex);
            LanceType expected = lanceType(schema, column.get());
            if (values.type() != expected) {
                throw new IllegalArgumentException(source + ": column " + columnIndex + " (" + values.name() + ") is "
                        + values.type().logicalType() + ", but field " + fieldId + " (" + column.get().getName()
                        + ") is " + expected.logicalType());
            }
            for (int row = 0; row < rows.size(); row++) {
                Object value = values.values().get(row);
                rows.get(row).put(fieldId, value instanceof byte[] text ? new String(text, StandardCharsets.UTF_8) : value);
            }
        }
        return rows;
    }

    /** The Lance type of a column the kit reads and writes in Lance 2.0 files. */
    private static LanceType lanceType(TableSchema schema, Field column) {
        return switch (schema.typeOf(column).base()) {
            case INT32 -> LanceType.INT32;
            case INT64 -> LanceType.INT64;
            case STRING -> LanceType.STRING;
            default -> throw TableException.invalid("column '" + column.getName() + "' is "
                    + schema.typeOf(column).notation() + ": the kit's Lance 2.0 data files hold int32, int64 and"
                    + " string columns only");
        };
    }
}
