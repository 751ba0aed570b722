package dev.tableindex.model.iceberg.data;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.JsonProperties;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.iceberg.FileFormat;

/**
 * The format-specific requirements of the table spec's Appendix A that a file's schema shows beyond its field ids
 * (which {@link DataFileIO#fileSchema} checks): in Avro, "Optional fields ... must be wrapped in an Avro union
 * with null. This is the only union type allowed", and "Optional fields without an Iceberg default must set the
 * Avro field default value to null". Parquet and ORC schemas of flat range files have nothing more to check.
 */
public final class FormatRequirements {
    private FormatRequirements() {
    }

    /** Each breach, as "column: what"; empty when the file meets them. */
    public static List<String> breaches(Path file, FileFormat format) {
        if (format != FileFormat.AVRO) {
            return List.of();
        }
        try (DataFileReader<GenericRecord> reader = new DataFileReader<>(file.toFile(), new GenericDatumReader<>())) {
            List<String> out = new ArrayList<>();
            for (Schema.Field field : reader.getSchema().getFields()) {
                Schema type = field.schema();
                if (type.getType() != Schema.Type.UNION) {
                    continue;
                }
                List<Schema> branches = type.getTypes();
                boolean withNull = branches.size() == 2 && branches.stream().anyMatch(b -> b.getType() == Schema.Type.NULL);
                if (!withNull) {
                    out.add(field.name() + ": a union of " + branches.stream().map(Schema::getType).toList()
                            + "; the only union allowed is an optional field's [null, T]");
                } else if (!field.hasDefaultValue() || field.defaultVal() != JsonProperties.NULL_VALUE) {
                    out.add(field.name() + ": an optional field "
                            + (field.hasDefaultValue() ? "whose default is " + field.defaultVal() : "without a default")
                            + "; its Avro default must be null");
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
