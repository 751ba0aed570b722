package dev.tableindex.model.iceberg.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.Schema;
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
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The shared configuration holds no Hadoop defaults (no core-default.xml), only what the kit sets: Parquet and ORC
 * files written through it are byte for byte those written through a configuration with every Hadoop default.
 */
class LocalHadoopFilesTest {
    static final Schema SCHEMA = new Schema(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "city", Types.StringType.get()),
            Types.NestedField.optional(3, "score", Types.DoubleType.get()),
            Types.NestedField.optional(4, "day", Types.DateType.get()),
            Types.NestedField.optional(5, "amount", Types.DecimalType.of(9, 2)),
            Types.NestedField.optional(6, "key", Types.UUIDType.get()),
            Types.NestedField.optional(7, "blob", Types.BinaryType.get()));

    @TempDir Path dir;

    static List<Record> rows() {
        List<Record> rows = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            Record r = GenericRecord.create(SCHEMA);
            r.set(0, (long) i);
            r.set(1, i % 7 == 0 ? null : "city-" + (i % 13));
            r.set(2, i * 0.25);
            r.set(3, LocalDate.of(2026, 1, 1).plusDays(i % 300));
            r.set(4, BigDecimal.valueOf(i * 7L, 2));
            r.set(5, new UUID(i, -i));
            r.set(6, ByteBuffer.wrap(new byte[] {(byte) i, (byte) (i >> 8), 1, 2}));
            rows.add(r);
        }
        return rows;
    }

    static OutputFile withHadoopDefaults(Path path) {
        return HadoopOutputFile.fromPath(new org.apache.hadoop.fs.Path(path.toAbsolutePath().toString()),
                withDefaults());
    }

    /** Hadoop's defaults, and the kit's own file system (no checksum files), as the shared one sets it. */
    static Configuration withDefaults() {
        Configuration conf = new Configuration();
        conf.set("fs.file.impl", LocalHadoopFiles.PlainLocalFileSystem.class.getName());
        conf.setBoolean("fs.file.impl.disable.cache", true);
        return conf;
    }

    @ParameterizedTest
    @ValueSource(strings = {"zstd", "gzip", "snappy", "uncompressed"})
    void parquetFilesHaveTheBytesTheyHaveWithHadoopsDefaults(String codec) throws IOException {
        Path shared = dir.resolve("shared.parquet");
        Path defaults = dir.resolve("defaults.parquet");
        writeParquet(LocalHadoopFiles.output(shared), codec);
        writeParquet(withHadoopDefaults(defaults), codec);
        assertThat(Files.readAllBytes(shared)).isEqualTo(Files.readAllBytes(defaults));
    }

    @ParameterizedTest
    @ValueSource(strings = {"zlib", "zstd", "snappy", "lz4", "none"})
    void orcFilesHaveTheBytesTheyHaveWithHadoopsDefaults(String codec) throws IOException {
        Path shared = dir.resolve("shared.orc");
        Path defaults = dir.resolve("defaults.orc");
        writeOrc(LocalHadoopFiles.output(shared), codec);
        writeOrc(withHadoopDefaults(defaults), codec);
        assertThat(Files.readAllBytes(shared)).isEqualTo(Files.readAllBytes(defaults));
    }

    @org.junit.jupiter.api.Test
    void theSharedConfigurationHoldsNoHadoopDefaults() {
        Configuration conf = LocalHadoopFiles.configuration();
        assertThat(conf.get("hadoop.tmp.dir")).isNull(); // core-default.xml: /tmp/hadoop-${user.name}
        assertThat(conf.get("fs.file.impl")).isEqualTo(LocalHadoopFiles.PlainLocalFileSystem.class.getName());
        assertThat(withDefaults().get("hadoop.tmp.dir")).isNotNull();
    }

    private static void writeParquet(OutputFile file, String codec) throws IOException {
        FileAppender<Record> appender = Parquet.write(file).schema(SCHEMA).overwrite()
                .set(TableProperties.PARQUET_COMPRESSION, codec).set(TableProperties.PARQUET_ROW_GROUP_SIZE_BYTES, "8192")
                .createWriterFunc(GenericParquetWriter::create).build();
        try (appender) {
            appender.addAll(rows());
        }
    }

    private static void writeOrc(OutputFile file, String codec) throws IOException {
        FileAppender<Record> appender = ORC.write(file).schema(SCHEMA).overwrite()
                .set(TableProperties.ORC_COMPRESSION, codec).set(TableProperties.ORC_STRIPE_SIZE_BYTES, "8192")
                .createWriterFunc(GenericOrcWriter::buildWriter).build();
        try (appender) {
            appender.addAll(rows());
        }
    }
}
