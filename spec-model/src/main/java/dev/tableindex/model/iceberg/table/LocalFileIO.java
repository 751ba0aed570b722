package dev.tableindex.model.iceberg.table;

import dev.tableindex.model.io.Folders;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.iceberg.ContentFile;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.OutputFile;

/**
 * Iceberg file IO over the local file system: locations are absolute paths or file: URIs. Files are written and read
 * as plain local files, but for Parquet and ORC files: Iceberg's Parquet and ORC writers (and its ORC reader) parse a
 * new Hadoop configuration for any file but a Hadoop one, so a {@code .parquet} or {@code .orc} file is written, and a
 * table's ORC data or delete file read, through {@link LocalHadoopFiles} (Hadoop's raw local file system, one parsed
 * configuration). Either way the bytes are the same; the plain way is faster where Hadoop is not needed.
 */
public final class LocalFileIO implements FileIO {

    @Override
    public InputFile newInputFile(String location) {
        return org.apache.iceberg.Files.localInput(path(location).toFile());
    }

    @Override
    public InputFile newInputFile(DataFile file) {
        return contentInput(file);
    }

    @Override
    public InputFile newInputFile(DeleteFile file) {
        return contentInput(file);
    }

    private InputFile contentInput(ContentFile<?> file) {
        return file.format() == FileFormat.ORC ? LocalHadoopFiles.input(path(file.location()))
                : newInputFile(file.location());
    }

    @Override
    public OutputFile newOutputFile(String location) {
        Path path = path(location);
        try {
            Folders.ensure(path.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // the same location either way: the absolute path (a Hadoop file's location has no scheme either)
        return needsHadoop(path) ? LocalHadoopFiles.output(path)
                : org.apache.iceberg.Files.localOutput(path.toAbsolutePath().toFile());
    }

    /** A file named as Iceberg names its Parquet and ORC files, which its writers for them take as Hadoop files. */
    private static boolean needsHadoop(Path path) {
        String name = path.getFileName().toString();
        return name.endsWith(".parquet") || name.endsWith(".orc");
    }

    /**
     * No properties (Iceberg's defaults, its manifest cache off): without this, Iceberg asks for them on every
     * manifest it opens and gets the default's {@code UnsupportedOperationException}, with its message and stack
     * trace, which it takes to mean the same.
     */
    @Override
    public Map<String, String> properties() {
        return Map.of();
    }

    @Override
    public void deleteFile(String location) {
        try {
            Files.deleteIfExists(path(location));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A local path as the absolute URI index metadata stores ({@code file:///x}, no trailing slash). */
    public static String uri(Path path) {
        return "file://" + path.toAbsolutePath().normalize();
    }

    /**
     * A location as a local path: {@code file:/x}, {@code file:///x}, {@code file://localhost/x} and {@code /x} all name
     * {@code /x}. A {@code file:} URI with another host names a file on that machine, not here: it is refused rather
     * than read as a local path.
     */
    public static Path path(String location) {
        if (location.startsWith("file:")) {
            String rest = location.substring("file:".length());
            if (rest.startsWith("//") && !rest.startsWith("///")) {
                int end = rest.indexOf('/', 2);
                String host = end < 0 ? rest.substring(2) : rest.substring(2, end);
                if (!host.isEmpty() && !host.equalsIgnoreCase("localhost")) {
                    throw new IllegalArgumentException("the location " + location + " names host '" + host
                            + "'; the kit reads local files only (file:///path)");
                }
                rest = end < 0 ? "/" : rest.substring(end);
            }
            while (rest.startsWith("//")) {
                rest = rest.substring(1);
            }
            return Path.of(rest);
        }
        return Path.of(location);
    }
}
