package dev.tableindex.model.listindex;

import dev.tableindex.model.lancefile.LanceColumn;
import dev.tableindex.model.lancefile.LanceColumns;
import dev.tableindex.model.lancefile.LanceFileFormatException;
import dev.tableindex.model.lancefile.LanceFileProblem;
import dev.tableindex.model.lancefile.LanceFileReader;
import dev.tableindex.model.lancefile.LanceFileWriter;
import dev.tableindex.model.lancefile.LanceType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The files of a list element index segment ("Storage Layout"): exactly its target BTree's files, with the
 * BTree's names and schemas and Binary as the BTree's {DataType} (lance-source-facts.md §4):
 * {@code page_data.lance} ({@code values binary} nullable, {@code ids uint64} not nullable; one row per entry,
 * in entry order) and {@code page_lookup.lance} ({@code min}, {@code max binary} nullable, {@code null_count},
 * {@code page_idx uint32} not nullable; one row per page; schema metadata {@code batch_size} = the page size as a
 * decimal string, as Lance's BTree writes it). The kit writes them as Lance v2.0 files ({@link LanceFileWriter}).
 */
public final class TargetBTreeFiles {
    public static final String PAGE_DATA = "page_data.lance";
    public static final String PAGE_LOOKUP = "page_lookup.lance";
    /** page_lookup schema metadata key for the rows per page (Lance's BTree; 4096 when absent). */
    public static final String BATCH_SIZE = "batch_size";

    private TargetBTreeFiles() {
    }

    /** What the two files hold: page_data rows, page_lookup rows, and {@code batch_size} when it is a number. */
    public record Contents(List<ListElementIndex.Entry> entries, List<ListElementIndex.Page> pages, OptionalInt batchSize) {
        public Contents {
            entries = List.copyOf(entries);
            pages = List.copyOf(pages);
        }
    }

    /** Writes {@code page_data.lance} and {@code page_lookup.lance} of {@code index} into {@code indexDir}. */
    public static void write(Path indexDir, ListElementIndex index) {
        LanceFileWriter.write(indexDir.resolve(PAGE_DATA), pageDataColumns(index.pageData()), Map.of());
        LanceFileWriter.write(indexDir.resolve(PAGE_LOOKUP), pageLookupColumns(index.pageLookup()),
                Map.of(BATCH_SIZE, Integer.toString(index.pageSize())));
    }

    /** The two files' bytes, by name (page_data first), for page_data rows already sorted, in pages of {@code pageSize}. */
    public static Map<String, byte[]> encode(List<ListElementIndex.Entry> pageData, int pageSize) {
        Map<String, byte[]> files = new java.util.LinkedHashMap<>();
        files.put(PAGE_DATA, LanceFileWriter.write(pageDataColumns(pageData), Map.of()));
        files.put(PAGE_LOOKUP, LanceFileWriter.write(pageLookupColumns(ListElementIndex.pages(pageData, pageSize)),
                Map.of(BATCH_SIZE, Integer.toString(pageSize))));
        return files;
    }

    static List<LanceColumn> pageDataColumns(List<ListElementIndex.Entry> pageData) {
        List<Object> values = new ArrayList<>();
        List<Object> ids = new ArrayList<>();
        for (ListElementIndex.Entry entry : pageData) {
            values.add(entry.values());
            ids.add(entry.rowAddress());
        }
        return List.of(new LanceColumn("values", LanceType.BINARY, true, values),
                new LanceColumn("ids", LanceType.UINT64, false, ids));
    }

    static List<LanceColumn> pageLookupColumns(List<ListElementIndex.Page> pageLookup) {
        List<Object> min = new ArrayList<>();
        List<Object> max = new ArrayList<>();
        List<Object> nullCount = new ArrayList<>();
        List<Object> pageIdx = new ArrayList<>();
        for (ListElementIndex.Page page : pageLookup) {
            min.add(page.min());
            max.add(page.max());
            nullCount.add((long) page.nullCount());
            pageIdx.add((long) page.pageIdx());
        }
        return List.of(new LanceColumn("min", LanceType.BINARY, true, min),
                new LanceColumn("max", LanceType.BINARY, true, max),
                new LanceColumn("null_count", LanceType.UINT32, false, nullCount),
                new LanceColumn("page_idx", LanceType.UINT32, false, pageIdx));
    }

    /**
     * Reads the two files back. Their columns must be there with the BTree's types (not checked: nullability and
     * extra columns, which {@link LanceFileReader#summary} shows); anything else is a {@link LanceFileFormatException}.
     */
    public static Contents read(Path indexDir) {
        Path dataFile = indexDir.resolve(PAGE_DATA);
        LanceColumns data = LanceFileReader.read(dataFile);
        List<Object> values = column(data, dataFile, "values", LanceType.BINARY);
        List<Object> ids = column(data, dataFile, "ids", LanceType.UINT64);
        List<ListElementIndex.Entry> entries = new ArrayList<>();
        for (int row = 0; row < values.size(); row++) {
            if (ids.get(row) == null) {
                throw unexpected(dataFile, "ids row " + row + " is null");
            }
            entries.add(new ListElementIndex.Entry((byte[]) values.get(row), (Long) ids.get(row)));
        }
        Path lookupFile = indexDir.resolve(PAGE_LOOKUP);
        LanceColumns lookup = LanceFileReader.read(lookupFile);
        List<Object> min = column(lookup, lookupFile, "min", LanceType.BINARY);
        List<Object> max = column(lookup, lookupFile, "max", LanceType.BINARY);
        List<Object> nullCount = column(lookup, lookupFile, "null_count", LanceType.UINT32);
        List<Object> pageIdx = column(lookup, lookupFile, "page_idx", LanceType.UINT32);
        List<ListElementIndex.Page> pages = new ArrayList<>();
        for (int row = 0; row < min.size(); row++) {
            pages.add(new ListElementIndex.Page((byte[]) min.get(row), (byte[]) max.get(row),
                    asInt(nullCount.get(row), lookupFile, "null_count", row), asInt(pageIdx.get(row), lookupFile, "page_idx", row)));
        }
        OptionalInt batchSize = OptionalInt.empty();
        String declared = lookup.summary().metadataString(BATCH_SIZE).orElse(null);
        if (declared != null && declared.matches("[0-9]{1,9}")) {
            batchSize = OptionalInt.of(Integer.parseInt(declared));
        }
        return new Contents(entries, pages, batchSize);
    }

    private static List<Object> column(LanceColumns columns, Path file, String name, LanceType type) {
        LanceColumn column = columns.columns().stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow(() -> unexpected(file, "no column " + name));
        if (column.type() != type) {
            throw unexpected(file, "column " + name + " is " + column.type().logicalType() + ", not " + type.logicalType());
        }
        return column.values();
    }

    private static int asInt(Object value, Path file, String column, int row) {
        if (value == null || (Long) value > Integer.MAX_VALUE) {
            throw unexpected(file, column + " row " + row + " is " + value + ", not a count the model holds");
        }
        return (int) (long) (Long) value;
    }

    private static LanceFileFormatException unexpected(Path file, String what) {
        return new LanceFileFormatException(LanceFileProblem.UNEXPECTED_SCHEMA, file.toString(), -1, "schema",
                what + " (the target BTree's schema)");
    }
}
