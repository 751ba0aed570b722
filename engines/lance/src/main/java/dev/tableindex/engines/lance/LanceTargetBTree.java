package dev.tableindex.engines.lance;

import dev.tableindex.model.listindex.IndexedTable;
import dev.tableindex.model.listindex.KeyRange;
import dev.tableindex.model.listindex.ListElementIndex;
import dev.tableindex.model.listindex.ListElementSegment;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;
import org.lance.Fragment;
import org.lance.FragmentMetadata;
import org.lance.FragmentOperation;
import org.lance.WriteParams;
import org.lance.file.LanceFileReader;
import org.lance.index.Index;
import org.lance.index.IndexOptions;
import org.lance.index.IndexParams;
import org.lance.index.IndexType;
import org.lance.index.scalar.BTreeIndexParams;

/**
 * The target of a list element index segment on real Lance: "an ordinary BTree over a Binary column, which does all
 * of the storage and searching" (spec/lance-list-element-index.md), as Lance's own BTree scalar index.
 *
 * <p>Its row addresses are the indexed table's ("ids holds the row address of the row that holds the element"), so
 * the BTree lives in a stand-in for the indexed table: a scratch Lance dataset with the table's fragment ids, row
 * counts and deleted rows (committed as Lance fragments with those ids), whose one column, the Binary
 * {@value #COLUMN}, is the target's column. A row of the table holds several elements, so the column's values
 * cannot be in the data: they are in the index. Lance's BTree is trained from the entries directly
 * ({@code IndexOptions.withPreprocessedData}: value and {@code _rowid} = the table's row address, in the order given,
 * pages of {@code zone_size} rows), which is Lance's training API for data it does not scan itself. Its
 * {@code page_data.lance} and {@code page_lookup.lance} are then Lance's own files, written by Lance's BTree trainer.
 *
 * <p>Searches are Lance SQL queries on the stand-in ({@code SELECT _rowaddr … WHERE encoded_keys >= X'…' AND
 * encoded_keys < X'…' OR …}); each is first explained, and answered only when Lance's plan serves it from the BTree
 * ({@code ScalarIndexQuery … (BTree)}) with nothing rechecked on the data ({@code refine_filter=--}): the stand-in's
 * column data are all null, so a plan that read them would be wrong. Lance also drops the addresses of rows the
 * stand-in has deleted or does not have. decision 0100 (docs/decisions/0100-list-element-index-on-real-lance.md).
 */
final class LanceTargetBTree {
    /** The stand-in's Binary column, the BTree's column. */
    static final String COLUMN = "encoded_keys";
    static final String INDEX_NAME = "list_element_target";
    static final String PAGE_DATA = "page_data.lance";
    static final String PAGE_LOOKUP = "page_lookup.lance";
    /** Ranges per SQL query: an OR of ranges nests in DataFusion's plan, so a long list is asked in parts. */
    private static final int RANGES_PER_QUERY = 64;
    private static final HexFormat HEX = HexFormat.of().withUpperCase();
    private static final Schema STAND_IN = new Schema(List.of(new Field(COLUMN, FieldType.nullable(ArrowType.Binary.INSTANCE), null)));
    /** What Lance's BTree trainer reads ({@code VALUE_COLUMN_NAME} and the row id). */
    private static final Schema TRAINING = new Schema(List.of(
            new Field("value", FieldType.nullable(ArrowType.Binary.INSTANCE), null),
            new Field("_rowid", FieldType.notNullable(new ArrowType.Int(64, false)), null)));

    private final Path folder;
    private final Index index;
    private final List<String> servedBy = new ArrayList<>();

    private LanceTargetBTree(Path folder, Index index) {
        this.folder = folder;
        this.index = index;
    }

    /**
     * Lance's BTree trained on {@code entries} in the order given, in pages of {@code pageSize} rows, in a stand-in
     * (at {@code folder}, which must not exist) for the rows of {@code fragments} of {@code table}.
     */
    static LanceTargetBTree train(Path folder, IndexedTable table, Set<Long> fragments, List<ListElementIndex.Entry> entries,
            int pageSize) {
        BufferAllocator allocator = LanceEngine.allocator();
        String uri = folder.toString();
        // native errors arrive as exceptions Java does not declare; each is Lance's failure, not a bad request
        try (Dataset standIn = standIn(uri, table, fragments, allocator);
             ArrowReader training = arrowStream(TRAINING, entries, allocator);
             ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
            Data.exportArrayStream(allocator, training, stream);
            IndexParams params = IndexParams.builder()
                    .setScalarIndexParams(BTreeIndexParams.builder().zoneSize(pageSize).build()).build();
            Index index = standIn.createIndex(IndexOptions.builder(List.of(COLUMN), IndexType.BTREE, params)
                    .withIndexName(INDEX_NAME).withPreprocessedData(stream).build());
            return new LanceTargetBTree(folder, index);
        } catch (Exception e) {
            throw new IllegalStateException("Lance failed to train its BTree: " + LanceCalls.clean(e), e);
        }
    }

    /**
     * The stand-in: for each of {@code fragments} the table has rows in, a Lance fragment of that id and row count
     * (all null), then its deleted rows deleted; an empty dataset when there are none.
     */
    private static Dataset standIn(String uri, IndexedTable table, Set<Long> fragments, BufferAllocator allocator) {
        List<FragmentMetadata> written = new ArrayList<>();
        List<Long> deleted = new ArrayList<>();
        for (IndexedTable.Fragment fragment : table.fragments()) {
            int rows = fragment.rows().size();
            if (!fragments.contains(fragment.id()) || rows == 0) {
                continue;
            }
            try (VectorSchemaRoot nulls = VectorSchemaRoot.create(STAND_IN, allocator)) {
                nulls.allocateNew();
                VarBinaryVector column = (VarBinaryVector) nulls.getVector(0);
                for (int i = 0; i < rows; i++) {
                    column.setNull(i);
                }
                column.setValueCount(rows);
                nulls.setRowCount(rows);
                for (FragmentMetadata part : Fragment.create(uri, allocator, nulls, new WriteParams.Builder().build())) {
                    // the table's fragment id (Lance assigns ids from the dataset when the id is 0; others it keeps)
                    written.add(new FragmentMetadata(Math.toIntExact(fragment.id()), part.getFiles(), part.getPhysicalRows(), null, null));
                }
            }
            fragment.deleted().stream().sorted().forEach(offset -> deleted.add(IndexedTable.rowAddress(fragment.id(), offset)));
        }
        if (written.isEmpty()) {
            return Dataset.write().allocator(allocator).schema(STAND_IN).uri(uri).mode(WriteParams.WriteMode.CREATE).execute();
        }
        Dataset dataset = new FragmentOperation.Overwrite(written, STAND_IN).commit(allocator, uri, Optional.empty(), Map.of());
        Set<Long> ids = dataset.getFragments().stream().map(f -> (long) f.getId()).collect(Collectors.toSet());
        Set<Long> wanted = new HashSet<>(written.stream().map(f -> (long) f.getId()).toList());
        if (!ids.equals(wanted)) {
            dataset.close();
            throw new IllegalStateException("Lance committed the stand-in's fragments as " + ids + ", not as the table's " + wanted);
        }
        if (!deleted.isEmpty()) {
            dataset.delete("_rowaddr IN (" + deleted.stream().map(Long::toUnsignedString).collect(Collectors.joining(", ")) + ")");
        }
        return dataset;
    }

    /** The entries as an Arrow stream of {@code schema} (a Binary column, then a UInt64 column). */
    static ArrowReader arrowStream(Schema schema, List<ListElementIndex.Entry> entries, BufferAllocator allocator) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
             ArrowStreamWriter writer = new ArrowStreamWriter(root, null, bytes)) {
            root.allocateNew();
            VarBinaryVector values = (VarBinaryVector) root.getVector(0);
            UInt8Vector ids = (UInt8Vector) root.getVector(1);
            for (int i = 0; i < entries.size(); i++) {
                ListElementIndex.Entry entry = entries.get(i);
                if (entry.values() == null) {
                    values.setNull(i);
                } else {
                    values.setSafe(i, entry.values());
                }
                ids.setSafe(i, entry.rowAddress());
            }
            values.setValueCount(entries.size());
            ids.setValueCount(entries.size());
            root.setRowCount(entries.size());
            writer.start();
            if (!entries.isEmpty()) {
                writer.writeBatch();
            }
            writer.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ArrowStreamReader(new ByteArrayInputStream(bytes.toByteArray()), allocator);
    }

    /** Lance's own entry for the BTree: uuid, details, its format version ({@code index_version}), creation time. */
    Index index() {
        return index;
    }

    /** Where Lance wrote the BTree's files ({@code _indices/<uuid>/} of the stand-in). */
    Path indexDirectory() {
        return folder.resolve("_indices").resolve(index.uuid().toString());
    }

    /** The plans' index queries that served the searches so far, as Lance printed them. */
    List<String> servedBy() {
        return List.copyOf(servedBy);
    }

    /** page_data.lance as Lance's own file reader reads it. */
    List<ListElementIndex.Entry> pageData() {
        List<ListElementIndex.Entry> rows = new ArrayList<>();
        readFile(PAGE_DATA, root -> {
            VarBinaryVector values = (VarBinaryVector) root.getVector("values");
            UInt8Vector ids = (UInt8Vector) root.getVector("ids");
            for (int i = 0; i < root.getRowCount(); i++) {
                rows.add(new ListElementIndex.Entry(values.isNull(i) ? null : values.get(i), ids.get(i)));
            }
        });
        return rows;
    }

    /** page_lookup.lance as Lance's own file reader reads it. */
    List<ListElementIndex.Page> pageLookup() {
        List<ListElementIndex.Page> pages = new ArrayList<>();
        readFile(PAGE_LOOKUP, root -> {
            VarBinaryVector min = (VarBinaryVector) root.getVector("min");
            VarBinaryVector max = (VarBinaryVector) root.getVector("max");
            UInt4Vector nullCount = (UInt4Vector) root.getVector("null_count");
            UInt4Vector pageIdx = (UInt4Vector) root.getVector("page_idx");
            for (int i = 0; i < root.getRowCount(); i++) {
                pages.add(new ListElementIndex.Page(min.isNull(i) ? null : min.get(i), max.isNull(i) ? null : max.get(i),
                        nullCount.get(i), pageIdx.get(i)));
            }
        });
        return pages;
    }

    private interface Batch {
        void read(VectorSchemaRoot root);
    }

    private void readFile(String name, Batch batch) {
        try (LanceFileReader reader = LanceFileReader.open(indexDirectory().resolve(name).toString(), LanceEngine.allocator());
             ArrowReader rows = reader.readAll(null, null, 8192)) {
            while (rows.loadNextBatch()) {
                batch.read(rows.getVectorSchemaRoot());
            }
        } catch (Exception e) {
            throw new IllegalStateException("Lance cannot read its own " + name + ": " + LanceCalls.clean(e), e);
        }
    }

    /** The rows whose values fall in any of {@code ranges}, as Lance's BTree finds them. */
    ListElementSegment.Found search(List<KeyRange> ranges) {
        Set<Long> rows = new HashSet<>();
        for (int from = 0; from < ranges.size(); from += RANGES_PER_QUERY) {
            List<KeyRange> part = ranges.subList(from, Math.min(from + RANGES_PER_QUERY, ranges.size()));
            rows.addAll(rowAddresses(part.stream().map(LanceTargetBTree::condition).collect(Collectors.joining(" OR "))));
        }
        return new ListElementSegment.Found(rows, 0);
    }

    /** The rows with a null value: "the null values of the target". */
    ListElementSegment.Found nullLists() {
        return new ListElementSegment.Found(rowAddresses(COLUMN + " IS NULL"), 0);
    }

    /** One range of encoded tuples as a filter on the Binary column: lower inclusive, upper exclusive. */
    static String condition(KeyRange range) {
        if (range.lower() == null && range.upper() == null) {
            return "(" + COLUMN + " >= X'')";
        }
        List<String> bounds = new ArrayList<>();
        if (range.lower() != null) {
            bounds.add(COLUMN + " >= X'" + HEX.formatHex(range.lower()) + "'");
        }
        if (range.upper() != null) {
            bounds.add(COLUMN + " < X'" + HEX.formatHex(range.upper()) + "'");
        }
        return "(" + String.join(" AND ", bounds) + ")";
    }

    /** The row addresses Lance returns for {@code filter}, once its plan shows the BTree alone answers it. */
    private Set<Long> rowAddresses(String filter) {
        String query = "SELECT _rowaddr FROM dataset WHERE " + filter;
        try (Dataset standIn = Dataset.open().allocator(LanceEngine.allocator()).uri(folder.toString()).build()) {
            String plan = plan(standIn, query);
            String served = plan.lines().map(String::strip).filter(l -> l.startsWith("ScalarIndexQuery")).findFirst().orElse(null);
            if (served == null || !served.contains("@" + INDEX_NAME) || !plan.contains("refine_filter=--")) {
                throw new TargetNotUsed("Lance does not answer the search from its BTree alone: its plan is " + plan.replace('\n', ' ')
                        + " [search: " + abbreviated(filter) + "]");
            }
            servedBy.add(served);
            Set<Long> rows = new HashSet<>();
            try (ArrowReader batches = standIn.sql(query).withRowAddr(true).intoBatchRecords()) {
                while (batches.loadNextBatch()) {
                    VectorSchemaRoot root = batches.getVectorSchemaRoot();
                    FieldVector addresses = root.getVector("_rowaddr");
                    for (int i = 0; i < root.getRowCount(); i++) {
                        rows.add(((UInt8Vector) addresses).get(i));
                    }
                }
            }
            return rows;
        } catch (TargetNotUsed e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("Lance failed a search of its BTree: " + LanceCalls.clean(e) + " [search: "
                    + abbreviated(filter) + "]", e);
        }
    }

    /** A filter for a message: its first 200 characters. */
    private static String abbreviated(String filter) {
        return filter.length() <= 200 ? filter : filter.substring(0, 200) + "…";
    }

    /** Lance's physical plan for {@code query} ({@code EXPLAIN}). */
    private static String plan(Dataset standIn, String query) throws IOException {
        StringBuilder plan = new StringBuilder();
        try (ArrowReader rows = standIn.sql("EXPLAIN " + query).withRowAddr(true).intoBatchRecords()) {
            while (rows.loadNextBatch()) {
                VectorSchemaRoot root = rows.getVectorSchemaRoot();
                for (int i = 0; i < root.getRowCount(); i++) {
                    plan.append(root.getVector("plan_type").getObject(i)).append(": ").append(root.getVector("plan").getObject(i))
                            .append('\n');
                }
            }
        }
        return plan.toString();
    }

    /** Lance's plan would not answer a search from the BTree alone. */
    static final class TargetNotUsed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TargetNotUsed(String message) {
            super(message);
        }
    }

    /** Copies the BTree's two files (exactly those) into {@code directory}. */
    void copyFilesTo(Path directory) {
        try {
            for (String name : List.of(PAGE_DATA, PAGE_LOOKUP)) {
                Files.copy(indexDirectory().resolve(name), directory.resolve(name));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
