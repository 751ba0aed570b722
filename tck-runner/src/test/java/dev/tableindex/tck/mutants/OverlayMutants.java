package dev.tableindex.tck.mutants;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;
import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.index.OverlayExclusion;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.table.DeletionFiles;
import dev.tableindex.model.table.StandInDataFile;
import dev.tableindex.model.table.TableStore;
import dev.tableindex.proto.lance.table.DataFile;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.DataOverlayFile;
import dev.tableindex.proto.lance.table.DeletionFile;
import dev.tableindex.proto.lance.table.FieldCoverage;
import dev.tableindex.tck.golden.KitCommits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import org.roaringbitmap.RoaringBitmap;

/**
 * Mutants of the reference engine as a reader of data overlays (lance-table.proto, DataFragment.overlays,
 * DataOverlayFile, FieldCoverage): each misreads the overlays in one way. The misreading is made before a
 * read (describe, count), as the other reader mutants of {@link TableMutants} do: the mutant commits a
 * version whose overlays (and, for deletions, deletion file) say what the faulty reader would make of them,
 * and the reference reads that version. A version the mutant wrote is not misread again, so the second
 * count of a step (without indexes) sees the same misreading as the first.
 */
public final class OverlayMutants {
    private static final ObjectMapper JSON = new ObjectMapper();

    private OverlayMutants() {
    }

    /** Among overlays of the same committed_version, takes the earlier entry of the list as the newer one. */
    public static final class EarlierOverlayEntryWins extends OverlayReadMutant {
        public EarlierOverlayEntryWins() {
            super("mutant-earlier-overlay-entry-wins", Set.of("LTP-R038"),
                    "among overlays with the same committed_version, lets the earlier entry of DataFragment.overlays win");
        }

        @Override
        void misread(Path root, DataFragment.Builder fragment) {
            // The reference orders by committed_version, then by position: reversing the list flips only ties.
            List<DataOverlayFile> reversed = new ArrayList<>(fragment.getOverlaysList());
            Collections.reverse(reversed);
            fragment.clearOverlays().addAllOverlays(reversed);
        }
    }

    /** Orders a fragment's overlays by their position alone: the last entry covering a cell wins. */
    public static final class OverlayPositionDecides extends OverlayReadMutant {
        public OverlayPositionDecides() {
            super("mutant-overlay-position-decides", Set.of("LTP-R044"),
                    "lets the later entry of DataFragment.overlays win whatever the committed_versions");
        }

        @Override
        void misread(Path root, DataFragment.Builder fragment) {
            // Every overlay of the fragment gets its newest committed_version, so only positions decide; an
            // index older than the newest overlay then excludes the cells of all of them (re-evaluated anyway).
            long newest = fragment.getOverlaysList().stream().mapToLong(DataOverlayFile::getCommittedVersion).max()
                    .orElse(0);
            fragment.getOverlaysBuilderList().forEach(o -> o.setCommittedVersion(newest));
        }
    }

    /** Takes an overlay value for a deleted offset as bringing the row back. */
    public static final class OverlayRevivesDeletedRow extends OverlayReadMutant {
        public OverlayRevivesDeletedRow() {
            super("mutant-overlay-revives-deleted-row", Set.of("LTP-R040"),
                    "treats a row an overlay gives a new value as live again, even when its offset is marked deleted");
        }

        @Override
        void misread(Path root, DataFragment.Builder fragment) {
            if (!fragment.hasDeletionFile()) {
                return;
            }
            DeletionFile file = fragment.getDeletionFile();
            RoaringBitmap deleted = DeletionFiles.decode(read(root.resolve(DeletionFiles.path(fragment.getId(), file))));
            RoaringBitmap overlaid = new RoaringBitmap();
            for (DataOverlayFile overlay : fragment.getOverlaysList()) {
                for (int field : overlay.getDataFile().getFieldsList()) {
                    OverlayExclusion.coverage(overlay, field).ifPresent(overlaid::or);
                }
            }
            RoaringBitmap still = RoaringBitmap.andNot(deleted, overlaid);
            if (still.equals(deleted)) {
                return;
            }
            if (still.isEmpty()) {
                fragment.clearDeletionFile();
                return;
            }
            long id = UUID.randomUUID().getMostSignificantBits() & Long.MAX_VALUE;
            DeletionFile revived = DeletionFiles.describe(file.getReadVersion(), id, still);
            write(root.resolve(DeletionFiles.path(fragment.getId(), revived)), DeletionFiles.encode(still));
            fragment.setDeletionFile(revived);
        }
    }

    /** Reads a covered offset's value at the position equal to the offset, not at its rank in the bitmap. */
    public static final class ValueAtOffsetNotRank extends OverlayReadMutant {
        public ValueAtOffsetNotRank() {
            super("mutant-value-at-offset-not-rank", Set.of("LTP-R041"),
                    "reads a covered offset's value at position = the offset in the value column, not at its rank in"
                            + " the coverage bitmap (NULL past the column's end)");
        }

        @Override
        void misread(Path root, DataFragment.Builder fragment) {
            rewriteCells(root, fragment, columns -> columns.stream().map(c -> {
                List<JsonNode> misread = new ArrayList<>();
                c.coverage().forEach((int offset) -> misread.add(valueAt(c.values(), offset)));
                return new Column(c.coverage(), misread);
            }).toList());
        }
    }

    /** Takes a NULL value in an overlay's value column as "no value here": the cell falls through. */
    public static final class NullOverlayValueFallsThrough extends OverlayReadMutant {
        public NullOverlayValueFallsThrough() {
            super("mutant-null-overlay-value-falls-through", Set.of("LTP-R045"),
                    "treats a covered offset whose overlay value is NULL as not covered, so the cell keeps its older value");
        }

        @Override
        void misread(Path root, DataFragment.Builder fragment) {
            rewriteCells(root, fragment, columns -> columns.stream().map(c -> {
                RoaringBitmap kept = new RoaringBitmap();
                List<JsonNode> keptValues = new ArrayList<>();
                int rank = 0;
                for (int offset : c.coverage()) {
                    JsonNode value = valueAt(c.values(), rank++);
                    if (!value.isNull()) {
                        kept.add(offset);
                        keptValues.add(value);
                    }
                }
                return new Column(kept, keptValues);
            }).toList());
        }
    }

    /** Pairs field_coverage's bitmaps with the overlay's fields in ascending field id order, not data_file.fields order. */
    public static final class CoverageInFieldIdOrder extends OverlayReadMutant {
        public CoverageInFieldIdOrder() {
            super("mutant-coverage-in-field-id-order", Set.of("LTP-R045"),
                    "pairs field_coverage.offset_bitmaps with the overlay's fields sorted by field id instead of in"
                            + " data_file.fields order (NULL past a value column's end)");
        }

        @Override
        void misread(Path root, DataFragment.Builder fragment) {
            for (DataOverlayFile.Builder overlay : fragment.getOverlaysBuilderList()) {
                List<Integer> fields = overlay.getDataFile().getFieldsList();
                List<Integer> sorted = fields.stream().sorted().toList();
                if (!overlay.hasFieldCoverage() || fields.equals(sorted)) {
                    continue;
                }
                // field i takes the bitmap at its place in id order; its own column is read along that bitmap
                DataOverlayFile original = overlay.build();
                List<Column> misread = new ArrayList<>();
                List<Column> columns = columns(root, original);
                for (int i = 0; i < fields.size(); i++) {
                    RoaringBitmap taken = columns.get(sorted.indexOf(fields.get(i))).coverage();
                    List<JsonNode> values = new ArrayList<>();
                    for (int rank = 0; rank < taken.getCardinality(); rank++) {
                        values.add(valueAt(columns.get(i).values(), rank));
                    }
                    misread.add(new Column(taken, values));
                }
                writeCells(root, overlay, misread);
            }
        }
    }

    /** Applies a shared_offset_bitmap to the first field of the overlay's data file only. */
    public static final class SharedBitmapFirstFieldOnly extends OverlayReadMutant {
        public SharedBitmapFirstFieldOnly() {
            super("mutant-shared-bitmap-first-field-only", Set.of("LTP-R046"),
                    "applies an overlay's shared_offset_bitmap to the first field of data_file.fields only");
        }

        @Override
        void misread(Path root, DataFragment.Builder fragment) {
            for (DataOverlayFile.Builder overlay : fragment.getOverlaysBuilderList()) {
                DataFile.Builder file = overlay.getDataFileBuilder();
                if (overlay.hasSharedOffsetBitmap() && file.getFieldsCount() > 1) {
                    int field = file.getFields(0);
                    int column = file.getColumnIndicesCount() > 0 ? file.getColumnIndices(0) : 0;
                    file.clearFields().addFields(field).clearColumnIndices().addColumnIndices(column);
                }
            }
        }
    }

    // ---- plumbing ----

    /** The reference engine reading overlays one wrong way: {@link #misread} changes each fragment that has overlays. */
    abstract static class OverlayReadMutant extends TableMutants.TableMutant {
        /** The versions this mutant wrote ({@code <root>#<version>}): already misread. */
        private final Set<String> written = ConcurrentHashMap.newKeySet();

        OverlayReadMutant(String name, Set<String> breaks, String flaw) {
            super(name, breaks, flaw);
        }

        /** How the faulty reader sees one fragment with overlays, written into its manifest entry. */
        abstract void misread(Path root, DataFragment.Builder fragment);

        @Override
        void beforeRead(Path root) {
            ManifestFile latest = LanceDatasetFolder.open(root).readLatest();
            if (written.contains(root + "#" + latest.version())
                    || latest.manifest().getFragmentsList().stream().allMatch(f -> f.getOverlaysCount() == 0)) {
                return;
            }
            ManifestFile mutated = KitCommits.commit(root, KitCommits.manifest(m -> {
                m.getFragmentsBuilderList().stream().filter(f -> f.getOverlaysCount() > 0).forEach(f -> misread(root, f));
                return m;
            }));
            written.add(root + "#" + mutated.version());
        }
    }

    /** One field's coverage in an overlay and its value column (JSON values of the stand-in file, in rank order). */
    record Column(RoaringBitmap coverage, List<JsonNode> values) {
    }

    /**
     * Rewrites every overlay of the fragment through {@code change}, which gets and gives one column per
     * field of {@code data_file.fields}, in that order: a new stand-in value file and a {@code field_coverage}.
     */
    static void rewriteCells(Path root, DataFragment.Builder fragment, UnaryOperator<List<Column>> change) {
        for (DataOverlayFile.Builder overlay : fragment.getOverlaysBuilderList()) {
            writeCells(root, overlay, change.apply(columns(root, overlay.build())));
        }
    }

    /** An overlay's columns as the reference reads them: each field's coverage and value column. */
    static List<Column> columns(Path root, DataOverlayFile overlay) {
        JsonNode file = readJson(root.resolve(TableStore.DATA_DIR).resolve(overlay.getDataFile().getPath()));
        List<Column> columns = new ArrayList<>();
        for (int field : overlay.getDataFile().getFieldsList()) {
            columns.add(new Column(OverlayExclusion.coverage(overlay, field).orElseThrow(), column(file, field)));
        }
        return columns;
    }

    /** Writes {@code columns} (one per field of data_file.fields) as the overlay's new value file and field_coverage. */
    static void writeCells(Path root, DataOverlayFile.Builder overlay, List<Column> columns) {
        List<Integer> fields = overlay.getDataFile().getFieldsList();
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("format", StandInDataFile.FORMAT);
        ArrayNode ids = json.putArray("fields");
        fields.forEach(ids::add);
        ArrayNode rows = json.putArray("rows");
        int longest = columns.stream().mapToInt(c -> c.values().size()).max().orElse(0);
        for (int r = 0; r < longest; r++) {
            ObjectNode row = rows.addObject();
            for (int i = 0; i < columns.size(); i++) {
                if (r < columns.get(i).values().size()) {
                    row.set(Integer.toString(fields.get(i)), columns.get(i).values().get(r));
                }
            }
        }
        byte[] bytes;
        try {
            bytes = JSON.writeValueAsBytes(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String path = UUID.randomUUID() + ".json";
        write(root.resolve(TableStore.DATA_DIR).resolve(path), bytes);
        FieldCoverage.Builder coverage = FieldCoverage.newBuilder();
        columns.forEach(c -> coverage.addOffsetBitmaps(ByteString.copyFrom(FragmentCoverage.of(c.coverage()).encode())));
        overlay.setDataFile(overlay.getDataFile().toBuilder().setPath(path).setFileSizeBytes(bytes.length))
                .setFieldCoverage(coverage);
    }

    /** The value at {@code position} of a column, NULL past its end (how these faulty readers fill a short column). */
    static JsonNode valueAt(List<JsonNode> values, int position) {
        return position < values.size() ? values.get(position) : NullNode.getInstance();
    }

    /** A field's value column in a stand-in file: its values while the rows hold one. */
    private static List<JsonNode> column(JsonNode file, int field) {
        List<JsonNode> values = new ArrayList<>();
        for (JsonNode row : file.path("rows")) {
            JsonNode value = row.get(Integer.toString(field));
            if (value == null) {
                break;
            }
            values.add(value);
        }
        return values;
    }

    private static JsonNode readJson(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path file, byte[] bytes) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
