package dev.tableindex.model.iceberg.data;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.model.iceberg.order.VectorValues;
import dev.tableindex.model.iceberg.table.LocalHadoopFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.orc.GenericOrcWriter;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.hadoop.HadoopOutputFile;
import org.apache.iceberg.io.FileAppender;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.orc.ORC;
import org.apache.iceberg.parquet.Parquet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link LocalHadoopFiles}' configuration holds no Hadoop defaults (no core-default.xml), only what the kit sets: the
 * Parquet and ORC files written through it, of every primitive type, are byte for byte those written through a
 * configuration with every Hadoop default.
 */
class LocalHadoopFilesBytesTest {
    @TempDir Path dir;

    @ParameterizedTest
    @CsvSource({"PARQUET, zstd", "PARQUET, gzip", "PARQUET, snappy", "PARQUET, uncompressed",
            "ORC, zlib", "ORC, zstd", "ORC, snappy", "ORC, lz4", "ORC, none"})
    void filesHaveTheBytesTheyHaveWithHadoopsDefaults(FileFormat format, String codec) throws IOException {
        String extension = "." + format.name().toLowerCase();
        Path shared = dir.resolve("shared" + extension);
        Path defaults = dir.resolve("defaults" + extension);
        write(LocalHadoopFiles.output(shared), format, codec);
        write(HadoopOutputFile.fromPath(new org.apache.hadoop.fs.Path(defaults.toString()), withDefaults()), format,
                codec);
        assertThat(Files.readAllBytes(shared)).isEqualTo(Files.readAllBytes(defaults));
    }

    @Test
    void theSharedConfigurationHoldsNoHadoopDefaults() {
        assertThat(LocalHadoopFiles.configuration().get("hadoop.tmp.dir")).isNull(); // core-default.xml has one
        assertThat(LocalHadoopFiles.configuration().get("fs.file.impl"))
                .isEqualTo(LocalHadoopFiles.PlainLocalFileSystem.class.getName());
        assertThat(withDefaults().get("hadoop.tmp.dir")).isNotNull();
    }

    /** Hadoop's defaults, and the kit's own file system (no checksum files), as the shared configuration sets it. */
    private static Configuration withDefaults() {
        Configuration conf = new Configuration();
        conf.set("fs.file.impl", LocalHadoopFiles.PlainLocalFileSystem.class.getName());
        conf.setBoolean("fs.file.impl.disable.cache", true);
        return conf;
    }

    /** Rows of every primitive type (DataFileIOTest's values, then nulls), in small stripes and row groups. */
    private static void write(OutputFile file, FileFormat format, String codec) throws IOException {
        FileAppender<Record> appender = format == FileFormat.PARQUET
                ? Parquet.write(file).schema(DataFileIOTest.EVERY_TYPE).overwrite()
                        .set(TableProperties.PARQUET_COMPRESSION, codec)
                        .set(TableProperties.PARQUET_ROW_GROUP_SIZE_BYTES, "4096")
                        .createWriterFunc(GenericParquetWriter::create).build()
                : ORC.write(file).schema(DataFileIOTest.EVERY_TYPE).overwrite()
                        .set(TableProperties.ORC_COMPRESSION, codec)
                        .set(TableProperties.ORC_STRIPE_SIZE_BYTES, "4096")
                        .createWriterFunc(GenericOrcWriter::buildWriter).build();
        try (appender) {
            appender.addAll(rows());
        }
    }

    private static List<Record> rows() {
        List<Record> rows = new ArrayList<>();
        for (int n = 0; n < 500; n++) {
            Record row = GenericRecord.create(DataFileIOTest.EVERY_TYPE);
            for (int i = 0; i < DataFileIOTest.VALUES.size(); i++) {
                row.set(i, VectorValues.parseText(DataFileIOTest.EVERY_TYPE.columns().get(i).type().asPrimitiveType(),
                        DataFileIOTest.VALUES.get(i)));
            }
            row.setField("l", (long) n);
            rows.add(row);
            Record nulls = GenericRecord.create(DataFileIOTest.EVERY_TYPE);
            nulls.setField("l", (long) -n);
            rows.add(nulls);
        }
        return rows;
    }
}
