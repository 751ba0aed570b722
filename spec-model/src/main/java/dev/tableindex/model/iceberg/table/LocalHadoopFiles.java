package dev.tableindex.model.iceberg.table;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.iceberg.hadoop.HadoopInputFile;
import org.apache.iceberg.hadoop.HadoopOutputFile;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.OutputFile;

/**
 * Local files as Iceberg's Parquet and ORC writers and readers take them, with one small Hadoop {@link Configuration}
 * for the whole JVM. Given a plain local file, Iceberg makes a {@code new Configuration()} per file, and each one
 * parses Hadoop's 150 KB {@code core-default.xml} again: a third of the TCK's CPU time (docs/benchmarks.md, "Where the
 * whole run's time goes"). Given a Hadoop file, it copies that file's configuration, here a handful of properties.
 * Files go through Hadoop's raw local file system (no {@code .crc} side files), under the same plain path and with
 * the permissions Java gives a new file, so the bytes, locations and modes written are those of a plain local file.
 */
public final class LocalHadoopFiles {
    private static final Configuration SHARED = kitSettingsOnly();
    /**
     * One file system for every file: given only a configuration, Iceberg asks Hadoop for the file system of each
     * file, and with Hadoop's cache off (see {@link #kitSettingsOnly}) Hadoop makes and initialises a new one every
     * time. A Hadoop file system serves many threads at once (its cache hands one to all of them).
     */
    private static final FileSystem FILES = plainLocal();

    private LocalHadoopFiles() {
    }

    /** A copy of the shared configuration (a copy, so a caller's settings never reach another file). */
    public static Configuration configuration() {
        return new Configuration(SHARED);
    }

    /** The file at {@code path} to write, as Iceberg's Parquet and ORC writers take it without parsing a configuration. */
    public static OutputFile output(Path path) {
        return HadoopOutputFile.fromPath(new org.apache.hadoop.fs.Path(path.toAbsolutePath().toString()), FILES, SHARED);
    }

    /** The file at {@code path} to read, as Iceberg's ORC reader takes it without parsing a configuration. */
    public static InputFile input(Path path) {
        return HadoopInputFile.fromPath(new org.apache.hadoop.fs.Path(path.toAbsolutePath().toString()), FILES, SHARED);
    }

    /**
     * Only what the kit sets, without Hadoop's defaults ({@code core-default.xml}, 459 properties): Iceberg
     * copies the configuration for every Parquet and ORC file it writes, and the copy of the defaults was most of the
     * cost of a small file. Hadoop's code falls back to the same defaults itself; LocalHadoopFilesBytesTest checks that
     * the Parquet and ORC files written are byte for byte those written with the defaults.
     */
    private static Configuration kitSettingsOnly() {
        Configuration conf = new Configuration(false);
        // local paths without a scheme resolve to file:, written as they are (no checksum files), by a file system
        // of their own each time (Hadoop's cache of file systems ignores the configuration it was asked with)
        conf.set("fs.file.impl", PlainLocalFileSystem.class.getName());
        conf.setBoolean("fs.file.impl.disable.cache", true);
        return conf;
    }

    private static FileSystem plainLocal() {
        PlainLocalFileSystem files = new PlainLocalFileSystem();
        try {
            files.initialize(URI.create("file:///"), SHARED);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    /**
     * Hadoop's raw local file system, leaving a new file's permissions as Java creates it: Hadoop 3.4 sets them on
     * every new file, and without its native library by running {@code chmod} in a new process each time.
     */
    public static final class PlainLocalFileSystem extends RawLocalFileSystem {
        @Override
        public void setPermission(org.apache.hadoop.fs.Path path, FsPermission permission) {
            // as a plain local file: the process's umask decides
        }
    }
}
