package dev.tableindex.model.iceberg.data;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Files;
import org.apache.iceberg.Schema;
import org.apache.iceberg.avro.Avro;
import org.apache.iceberg.avro.AvroSchemaUtil;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.avro.DataWriter;
import org.apache.iceberg.data.avro.PlannedDataReader;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileAppender;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.parquet.ParquetSchemaUtil;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;

/**
 * Iceberg data files (Avro or Parquet) written and read with Iceberg's generic writers and readers, and the
 * schema a file records, with the field ids it stores (Appendix A: {@code field-id} on Avro record fields,
 * field ids on the Parquet schema).
 */
public final class DataFileIO {
    private DataFileIO() {
    }

    public static FileFormat formatOf(String path) {
        if (path.endsWith(".parquet")) {
            return FileFormat.PARQUET;
        }
        if (path.endsWith(".avro")) {
            return FileFormat.AVRO;
        }
        throw new IllegalArgumentException("not an Avro or Parquet file name: " + path);
    }

    public static void write(Path path, FileFormat format, Schema schema, List<Record> rows) {
        File file = path.toFile();
        file.getParentFile().mkdirs();
        try {
            FileAppender<Record> appender = switch (format) {
                case AVRO -> Avro.write(Files.localOutput(file)).schema(schema).overwrite()
                        .createWriterFunc(DataWriter::create).build();
                case PARQUET -> Parquet.write(Files.localOutput(file)).schema(schema).overwrite()
                        .createWriterFunc(GenericParquetWriter::create).build();
                default -> throw new IllegalArgumentException("the reference writes Avro or Parquet, not " + format);
            };
            try (appender) {
                appender.addAll(rows);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every row of the file, read in the given schema (by field id). */
    public static List<Record> read(Path path, FileFormat format, Schema projection) {
        File file = path.toFile();
        List<Record> rows = new ArrayList<>();
        CloseableIterable<Record> read = switch (format) {
            case AVRO -> Avro.read(Files.localInput(file)).project(projection)
                    .createResolvingReader(PlannedDataReader::create).build();
            case PARQUET -> Parquet.read(Files.localInput(file)).project(projection)
                    .createReaderFunc(fileSchema -> GenericParquetReaders.buildReader(projection, fileSchema)).build();
            default -> throw new IllegalArgumentException("cannot read " + format);
        };
        try (read) {
            read.forEach(r -> rows.add(r.copy()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }

    /**
     * The Iceberg schema the file records, by its field ids; fails naming the first column without a field id
     * (Appendix A: ids must be stored in the file).
     */
    public static Schema fileSchema(Path path, FileFormat format) {
        try {
            switch (format) {
                case AVRO: {
                    try (DataFileReader<GenericRecord> reader =
                            new DataFileReader<>(path.toFile(), new GenericDatumReader<>())) {
                        org.apache.avro.Schema avro = reader.getSchema();
                        for (org.apache.avro.Schema.Field f : avro.getFields()) {
                            if (f.getObjectProp(AvroSchemaUtil.FIELD_ID_PROP) == null) {
                                throw new MissingFieldId(f.name());
                            }
                        }
                        return AvroSchemaUtil.toIceberg(avro);
                    }
                }
                case PARQUET: {
                    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(path))) {
                        MessageType type = reader.getFooter().getFileMetaData().getSchema();
                        for (org.apache.parquet.schema.Type f : type.getFields()) {
                            if (f.getId() == null) {
                                throw new MissingFieldId(f.getName());
                            }
                        }
                        return ParquetSchemaUtil.convert(type);
                    }
                }
                default:
                    throw new IllegalArgumentException("cannot read " + format);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A column stored without the field id Appendix A requires. */
    public static final class MissingFieldId extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public MissingFieldId(String column) {
            super("column " + column + " has no field id");
        }
    }
}
