package dev.tableindex.model.iceberg.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.iceberg.FileFormat;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every file of a table, whichever way LocalFileIO writes it, is a plain local file: no side files, Java's
 * permissions.
 */
class LocalFileIOTest {
    @TempDir Path dir;

    @ParameterizedTest
    @EnumSource(value = FileFormat.class, names = {"AVRO", "PARQUET", "ORC"})
    void aTableIsWrittenAsPlainLocalFiles(FileFormat format) throws IOException {
        SourceTable table = SourceTable.create(dir.resolve("t"), SourceTableTest.SCHEMA, format);
        long s1 = table.append(List.of(SourceTableTest.row(1, "a"), SourceTableTest.row(2, "b")));
        table.deletePositions(List.of(table.liveRows(s1).get(0)));
        table.deleteWhereEquals(1, List.of(2L));
        Set<PosixFilePermission> plain = Files.getPosixFilePermissions(Files.createFile(dir.resolve("plain")));

        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir.resolve("t"))) {
            files = walk.filter(Files::isRegularFile).toList();
        }

        String extension = "." + format.name().toLowerCase();
        assertThat(files).extracting(p -> p.getFileName().toString())
                .filteredOn(n -> n.endsWith(extension) && !n.startsWith("snap-") && n.matches("\\d{5}-.*"))
                .hasSize(3); // the data file, the position and the equality delete file
        assertThat(files).extracting(p -> p.getFileName().toString()).noneMatch(n -> n.endsWith(".crc"));
        for (Path file : files) {
            assertThat(Files.getPosixFilePermissions(file)).as(file.toString()).isEqualTo(plain);
        }
    }
}
