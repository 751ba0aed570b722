package dev.tableindex.model.iceberg.data;

import dev.tableindex.model.iceberg.table.LocalHadoopFiles;
import dev.tableindex.model.iceberg.table.SmallFileBuffers;
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
import org.apache.iceberg.data.orc.GenericOrcReader;
import org.apache.iceberg.data.orc.GenericOrcWriter;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.io.FileAppender;
import org.apache.iceberg.orc.ORC;
import org.apache.iceberg.orc.ORCSchemaUtil;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.parquet.ParquetSchemaUtil;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.TypeDescription;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;

/**
 * Iceberg data files (Avro, Parquet or ORC) written and read with Iceberg's generic writers and readers, and the
 * schema a file records, with the field ids it stores (Appendix A: {@code field-id} on Avro record fields,
 * field ids on the Parquet schema, the {@code iceberg.id} type attribute in ORC).
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
        if (path.endsWith(".orc")) {
            return FileFormat.ORC;
        }
        throw new IllegalArgumentException("not an Avro, Parquet or ORC file name: " + path);
    }

    public static void write(Path path, FileFormat format, Schema schema, List<Record> rows) {
        File file = path.toFile();
        file.getParentFile().mkdirs();
        try {
            FileAppender<Record> appender = switch (format) {
                case AVRO -> Avro.write(Files.localOutput(file)).schema(schema).overwrite()
                        .createWriterFunc(DataWriter::create).build();
                case PARQUET -> Parquet.write(LocalHadoopFiles.output(path)).schema(schema).overwrite()
                        .setAll(SmallFileBuffers.parquet())
                        .createWriterFunc(GenericParquetWriter::create).build();
                case ORC -> ORC.write(LocalHadoopFiles.output(path)).schema(schema).overwrite()
                        .setAll(SmallFileBuffers.orc())
                        .createWriterFunc(GenericOrcWriter::buildWriter).build();
                default -> throw new IllegalArgumentException("the reference writes Avro, Parquet or ORC, not " + format);
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
            case ORC -> ORC.read(LocalHadoopFiles.input(path)).project(projection)
                    .createReaderFunc(fileSchema -> GenericOrcReader.buildReader(projection, fileSchema)).build();
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
                    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(path),
                            ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
                        MessageType type = reader.getFooter().getFileMetaData().getSchema();
                        for (org.apache.parquet.schema.Type f : type.getFields()) {
                            if (f.getId() == null) {
                                throw new MissingFieldId(f.getName());
                            }
                        }
                        return withParquetUuids(ParquetSchemaUtil.convert(type), type);
                    }
                }
                case ORC: {
                    TypeDescription type = orcSchema(path);
                    for (int i = 0; i < type.getChildren().size(); i++) {
                        if (type.getChildren().get(i).getAttributeValue(ORC_ID) == null) {
                            throw new MissingFieldId(type.getFieldNames().get(i));
                        }
                    }
                    return ORCSchemaUtil.convert(type);
                }
                default:
                    throw new IllegalArgumentException("cannot read " + format);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Appendix A stores a uuid as {@code fixed_len_byte_array(16)} with the UUID logical type; Iceberg 1.12's
     * {@code ParquetSchemaUtil.convert} reads such a column back as {@code fixed[16]}, so columns with the
     * annotation (in structs too, as in a tracking file's stats) are given their uuid type here (Iceberg's own
     * readers read them as uuid).
     */
    private static Schema withParquetUuids(Schema converted, MessageType type) {
        return new Schema(withUuids(converted.asStruct(), type).fields());
    }

    private static Types.StructType withUuids(Types.StructType converted, org.apache.parquet.schema.GroupType group) {
        List<Types.NestedField> fields = new ArrayList<>();
        for (Types.NestedField field : converted.fields()) {
            org.apache.parquet.schema.Type stored = group.getType(group.getFieldIndex(field.name()));
            Type changed = field.type();
            if (stored.isPrimitive() && stored.getLogicalTypeAnnotation()
                    instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation) {
                changed = Types.UUIDType.get();
            } else if (!stored.isPrimitive() && field.type().isStructType()) {
                changed = withUuids(field.type().asStructType(), stored.asGroupType());
            }
            fields.add(Types.NestedField.of(field.fieldId(), field.isOptional(), field.name(), changed, field.doc()));
        }
        return Types.StructType.of(fields);
    }

    /** The ORC type attribute that holds a column's field id (Appendix A). */
    public static final String ORC_ID = "iceberg.id";

    /** The schema an ORC file records, with its type attributes. */
    public static TypeDescription orcSchema(Path path) throws IOException {
        try (Reader reader = OrcFile.createReader(new org.apache.hadoop.fs.Path(path.toUri()),
                OrcFile.readerOptions(LocalHadoopFiles.configuration()))) {
            return reader.getSchema();
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
