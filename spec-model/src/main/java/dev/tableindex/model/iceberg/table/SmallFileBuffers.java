package dev.tableindex.model.iceberg.table;

import java.util.Map;
import org.apache.iceberg.TableProperties;
import org.apache.orc.OrcConf;

/**
 * Write buffers sized for the files the kit writes. A scenario's data, delete and range files hold tens of rows, and
 * Parquet's and ORC's defaults, sized for large files, allocate and zero 1 MiB for every Parquet file's page buffer
 * and 256 KiB for each of an ORC file's streams (several per column, for input and output): a tenth of a whole run's
 * CPU went there (docs/benchmarks.md, "Where the whole run's time goes"). They change a file's layout (page and
 * compression-chunk sizes), never a value; a large file gets more, smaller pages and chunks.
 */
public final class SmallFileBuffers {
    /** Parquet's page size threshold (its default is 1 MiB). */
    public static final int PARQUET_PAGE_SIZE = 64 * 1024;
    /** ORC's compression chunk and stream buffer size (its default is 256 KiB). */
    public static final int ORC_BUFFER_SIZE = 16 * 1024;

    private SmallFileBuffers() {
    }

    /** As Parquet writer properties (Iceberg's names). */
    public static Map<String, String> parquet() {
        return Map.of(TableProperties.PARQUET_PAGE_SIZE_BYTES, Integer.toString(PARQUET_PAGE_SIZE),
                TableProperties.DELETE_PARQUET_PAGE_SIZE_BYTES, Integer.toString(PARQUET_PAGE_SIZE));
    }

    /** As ORC writer properties (ORC's own name, which Iceberg passes on to the ORC writer). */
    public static Map<String, String> orc() {
        return Map.of(OrcConf.BUFFER_SIZE.getAttribute(), Integer.toString(ORC_BUFFER_SIZE));
    }
}
