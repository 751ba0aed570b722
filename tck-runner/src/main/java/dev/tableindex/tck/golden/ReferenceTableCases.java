package dev.tableindex.tck.golden;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;
import dev.tableindex.model.index.FeatureFlags;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.table.Commit;
import dev.tableindex.model.table.StandInDataFile;
import dev.tableindex.model.table.TableEnvironment;
import dev.tableindex.model.table.TableOperations;
import dev.tableindex.model.table.TableSchema;
import dev.tableindex.model.table.TableStore;
import dev.tableindex.model.table.TableVersion;
import dev.tableindex.proto.lance.file.Field;
import dev.tableindex.proto.lance.table.DataFile;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.DataOverlayFile;
import dev.tableindex.proto.lance.table.FieldCoverage;
import dev.tableindex.proto.lance.table.Manifest;
import dev.tableindex.proto.tck.Column;
import dev.tableindex.proto.tck.CreateIndex;
import dev.tableindex.proto.tck.CreateTable;
import dev.tableindex.proto.tck.DeleteRows;
import dev.tableindex.proto.tck.Rows;
import dev.tableindex.proto.tck.TableOperation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The golden datasets written by the kit's reference model ({@code golden-files/reference-tables/}):
 * each case is a few table operations of the reference writer ({@link TableOperations},
 * {@link TableStore}) and kit commits ({@link KitCommits}, as the scenario steps make them), with a
 * fixed clock and name-based uuids, so every run writes the same bytes. The generator writes the
 * table and {@code provenance.json}; {@code expected.json} is written by hand and never touched.
 * {@code tck golden --write-reference-tables} runs it.
 */
public final class ReferenceTableCases {
    /** The time of every commit: 2026-01-01T00:00:00Z. */
    public static final Instant TIME = Instant.parse("2026-01-01T00:00:00Z");
    public static final String UUID_PREFIX = "tableindex-reference-tables/";
    static final String ROWS = "[{\"id\": 1, \"name\": \"a\"}, {\"id\": 2, \"name\": \"b\"},"
            + " {\"id\": 3, \"name\": \"c\"}, {\"id\": 4, \"name\": \"d\"}]";
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Bit 1 << 20, known to no reader. */
    public static final long UNKNOWN_BIT = 1L << 20;

    private ReferenceTableCases() {
    }

    /** One step of a case, with the sentence provenance.json records for it. */
    public record Step(String description, Consumer<Writer> action) {
    }

    public record Case(String name, List<Step> steps) {
    }

    /** A case's folder being written: the current table version and the environment. */
    public static final class Writer {
        private final Path root;
        private final TableEnvironment env;
        private TableVersion table;

        Writer(Path root, TableEnvironment env) {
            this.root = root;
            this.env = env;
        }

        void create(String rows) {
            create(rows, 2);
        }

        void create(String rows, int rowsPerFragment) {
            CreateTable request = CreateTable.newBuilder()
                    .addColumns(Column.newBuilder().setName("id").setType("int64").setNullable(true))
                    .addColumns(Column.newBuilder().setName("name").setType("string").setNullable(true))
                    .setRows(Rows.newBuilder().setJson(rows)).setRowsPerFragment(rowsPerFragment).build();
            commit(TableOperations.create(request, env));
        }

        void delete(String filter) {
            commit(TableOperations.apply(table, TableOperation.newBuilder().setDeleteRows(DeleteRows.newBuilder()
                    .setFilter(filter)).build(), env));
        }

        void btree(String name, String column) {
            commit(TableOperations.apply(table, TableOperation.newBuilder().setCreateIndex(CreateIndex.newBuilder()
                    .setName(name).addColumns(column).setIndexType("btree")).build(), env));
        }

        private void commit(Commit commit) {
            TableStore.commit(root, commit, env);
            table = commit.version();
        }

        void kitCommit(java.util.function.UnaryOperator<dev.tableindex.model.manifest.ManifestFile> change) {
            KitCommits.commit(root, change);
            table = null; // the reference writer does not write after a kit commit in these cases
        }

        /**
         * One kit commit adding {@code overlays}, in order, each to its fragment's list (at its end, or
         * at its front); reader and writer flag 64 set unless {@code flag} is false. Each overlay's
         * data file is a stand-in ({@code data/<uuid>.json}, one uuid each, in order) whose value
         * columns are the overlay's columns in {@code data_file.fields} order, each as long as the
         * column's coverage (a row holds a field's value only while the field has values left).
         */
        void overlays(boolean flag, List<OverlayFile> overlays) {
            List<UUID> uuids = overlays.stream().map(o -> env.newUuid()).toList();
            kitCommit(file -> {
                TableSchema schema = new TableSchema(file.manifest().getFieldsList());
                return KitCommits.manifest(m -> {
                    for (int i = 0; i < overlays.size(); i++) {
                        OverlayFile o = overlays.get(i);
                        DataOverlayFile overlay = o.write(root, schema, uuids.get(i) + ".json");
                        DataFragment.Builder fragment = m.getFragmentsBuilderList().stream()
                                .filter(f -> f.getId() == o.fragment()).findFirst().orElseThrow();
                        if (o.atFront()) {
                            List<DataOverlayFile> list = new ArrayList<>(fragment.getOverlaysList());
                            list.add(0, overlay);
                            fragment.clearOverlays().addAllOverlays(list);
                        } else {
                            fragment.addOverlays(overlay);
                        }
                    }
                    return flag ? withOverlayFlag(m) : m;
                }).apply(file);
            });
        }

        private static Manifest.Builder withOverlayFlag(Manifest.Builder m) {
            return m.setReaderFeatureFlags(m.getReaderFeatureFlags() | FeatureFlags.DATA_OVERLAY_FILES)
                    .setWriterFeatureFlags(m.getWriterFeatureFlags() | FeatureFlags.DATA_OVERLAY_FILES);
        }
    }

    /** One column of an overlay: the offsets it covers, ascending, and their values in that order (null = NULL). */
    public record OverlayColumn(String column, List<Integer> offsets, List<Object> values) {
        public OverlayColumn {
            if (offsets.size() != values.size()) {
                throw new IllegalArgumentException(column + ": " + offsets.size() + " offsets, " + values.size() + " values");
            }
            offsets = List.copyOf(offsets);
            values = java.util.Collections.unmodifiableList(new ArrayList<>(values));
        }

        static OverlayColumn of(String column, List<Integer> offsets, Object... values) {
            return new OverlayColumn(column, offsets, java.util.Arrays.asList(values));
        }
    }

    /**
     * A DataOverlayFile a kit commit adds to fragment {@code fragment}: its columns, in
     * {@code data_file.fields} order, with a {@code shared_offset_bitmap} (every column covers the same
     * offsets) or a {@code field_coverage} (one bitmap per column, same order).
     */
    public record OverlayFile(long fragment, long committedVersion, boolean shared, boolean atFront,
                              List<OverlayColumn> columns) {
        static OverlayFile shared(long fragment, long committedVersion, OverlayColumn... columns) {
            return new OverlayFile(fragment, committedVersion, true, false, List.of(columns));
        }

        static OverlayFile perField(long fragment, long committedVersion, OverlayColumn... columns) {
            return new OverlayFile(fragment, committedVersion, false, false, List.of(columns));
        }

        OverlayFile atFrontOfTheList() {
            return new OverlayFile(fragment, committedVersion, shared, true, columns);
        }

        /** Writes the stand-in value file {@code data/<path>} and returns the manifest's entry. */
        DataOverlayFile write(Path root, TableSchema schema, String path) {
            List<Field> fields = columns.stream().map(c -> schema.require(c.column())).toList();
            ObjectNode json = JsonNodeFactory.instance.objectNode();
            json.put("format", StandInDataFile.FORMAT);
            fields.forEach(f -> json.withArray("fields").add(f.getId()));
            ArrayNode rows = json.putArray("rows");
            int longest = columns.stream().mapToInt(c -> c.values().size()).max().orElse(0);
            for (int r = 0; r < longest; r++) {
                ObjectNode row = rows.addObject();
                for (int i = 0; i < fields.size(); i++) {
                    List<Object> values = columns.get(i).values();
                    if (r < values.size()) {
                        row.set(Integer.toString(fields.get(i).getId()), schema.typeOf(fields.get(i)).toJson(values.get(r)));
                    }
                }
            }
            byte[] bytes;
            try {
                bytes = JSON.writeValueAsBytes(json);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            ReferenceTableCases.write(root.resolve(TableStore.DATA_DIR).resolve(path), bytes);
            DataFile.Builder dataFile = DataFile.newBuilder().setPath(path).setFileMajorVersion(2)
                    .setFileMinorVersion(1).setFileSizeBytes(bytes.length);
            for (int i = 0; i < fields.size(); i++) {
                dataFile.addFields(fields.get(i).getId()).addColumnIndices(i);
            }
            DataOverlayFile.Builder overlay = DataOverlayFile.newBuilder().setDataFile(dataFile)
                    .setCommittedVersion(committedVersion);
            if (shared) {
                if (columns.stream().map(OverlayColumn::offsets).distinct().count() != 1) {
                    throw new IllegalArgumentException("a shared_offset_bitmap needs the same offsets in every column");
                }
                overlay.setSharedOffsetBitmap(bitmap(columns.get(0).offsets()));
            } else {
                FieldCoverage.Builder coverage = FieldCoverage.newBuilder();
                columns.forEach(c -> coverage.addOffsetBitmaps(bitmap(c.offsets())));
                overlay.setFieldCoverage(coverage);
            }
            return overlay.build();
        }

        private static ByteString bitmap(List<Integer> offsets) {
            return ByteString.copyFrom(FragmentCoverage.of(offsets.stream().mapToLong(Integer::longValue).toArray()).encode());
        }
    }

    private static Step create() {
        return new Step("reference create_table(id int64, name string; 4 rows: ids 1..4, names a..d; rows_per_fragment 2)"
                + " -> v1 (fragments 0 and 1)", w -> w.create(ROWS));
    }

    private static Step btree(String name, String column) {
        return new Step("reference create_index(btree '" + name + "' on " + column + ") -> next version"
                + " (legacy IndexMetadata + IndexV2 in IndexSection field 2)", w -> w.btree(name, column));
    }

    private static Step kit(String description, java.util.function.UnaryOperator<dev.tableindex.model.manifest.ManifestFile> change) {
        return new Step("kit commit (KitCommits, as the kit-commit steps): " + description, w -> w.kitCommit(change));
    }

    public static List<Case> cases() {
        return List.of(
                new Case("dual-written", List.of(create(), btree("id_idx", "id"))),
                new Case("index-on-empty-table", List.of(
                        new Step("reference create_table(id int64, name string; no rows) -> v1 (no fragments)",
                                w -> w.create("[]")),
                        btree("id_idx", "id"))),
                new Case("v2-only-with-flag", List.of(create(), btree("id_idx", "id"),
                        kit("legacy entries dropped (IndexV2 only), writer flag 4096 = 1<<12 set -> v3",
                                KitCommits.v2Only(FeatureFlags.LEGACY_INDEX_METADATA_DROPPED)))),
                new Case("stale-index-v2", List.of(create(), btree("id_idx", "id"),
                        kit("only the legacy entry of id_idx changed: its bitmap now names fragment 0; IndexV2"
                                + " kept unchanged (an old writer that keeps unknown fields) -> v3",
                                KitCommits.legacyCoverage("id_idx", 0)))),
                new Case("covering-fields", List.of(create(), btree("id_idx", "id"),
                        kit("legacy entry of id_idx on fields [0, 1] carrying [1], no flag -> v3",
                                KitCommits.coveringFields("id_idx", List.of(0, 1), List.of(1))),
                        kit("reader and writer flag 128 = 1<<7 set -> v4",
                                KitCommits.readerAndWriterFlag(FeatureFlags.COVERING_INDEX_FIELDS)))),
                new Case("newer-index-version", List.of(create(), btree("id_idx", "id"),
                        kit("legacy entry of id_idx has index_version 99 -> v3",
                                KitCommits.legacyEntries("id_idx", e -> e.setIndexVersion(99))))),
                new Case("unknown-coverage", List.of(create(), btree("id_idx", "id"),
                        kit("the legacy entry of id_idx and the file of its IndexV2 have empty fragment_bitmap bytes"
                                + " (coverage unknown) -> v3", KitCommits.unknownCoverage("id_idx")))),
                new Case("unknown-reader-flag", List.of(create(), btree("id_idx", "id"),
                        kit("reader flag 1048576 = 1<<20 set -> v3", KitCommits.readerFlag(UNKNOWN_BIT)))),
                new Case("overlay", List.of(create(), btree("id_idx", "id"), btree("name_idx", "name"),
                        new Step("kit commit: a DataOverlayFile on fragment 0 (data file: the reference's stand-in"
                                + " data/<uuid>.json with field 1 = 'B'; shared_offset_bitmap {1}; committed_version 4),"
                                + " reader and writer flag 64 = 1<<6 set -> v4", w -> w.overlays(true, List.of(
                                OverlayFile.shared(0, 4, OverlayColumn.of("name", List.of(1), "B"))))))),
                new Case("overlay-order", List.of(create(), btree("id_idx", "id"), btree("name_idx", "name"),
                        overlays("fragment 0: [name {0} = 'x'] then [name {0} = 'y'], both committed_version 4;"
                                + " fragment 1: [name {0, 1} = 'q', 'r'] committed_version 4 -> v4",
                                OverlayFile.shared(0, 4, OverlayColumn.of("name", List.of(0), "x")),
                                OverlayFile.shared(0, 4, OverlayColumn.of("name", List.of(0), "y")),
                                OverlayFile.shared(1, 4, OverlayColumn.of("name", List.of(0, 1), "q", "r"))),
                        overlays("fragment 1: [name {0} = 'p'] committed_version 5 at the FRONT of its list, [name {1}"
                                + " = 's'] committed_version 5 at its end; fragment 1's list is now [p (5), q r (4), s (5)]"
                                + " -> v5",
                                OverlayFile.shared(1, 5, OverlayColumn.of("name", List.of(0), "p")).atFrontOfTheList(),
                                OverlayFile.shared(1, 5, OverlayColumn.of("name", List.of(1), "s"))))),
                new Case("overlay-on-deleted-row", List.of(create(), btree("id_idx", "id"), btree("name_idx", "name"),
                        new Step("reference delete_rows(id = 2) -> v4 (fragment 0: BITMAP deletion file {1})",
                                w -> w.delete("id = 2")),
                        overlays("fragment 0: [name {0, 1} = 'Y', 'Z'] committed_version 5 (offset 1 is deleted) -> v5",
                                OverlayFile.shared(0, 5, OverlayColumn.of("name", List.of(0, 1), "Y", "Z"))))),
                new Case("overlay-field-coverage", List.of(
                        new Step("reference create_table(id int64, name string; 4 rows: ids 1..4, names a..d;"
                                + " rows_per_fragment 4) -> v1 (fragment 0)", w -> w.create(ROWS, 4)),
                        btree("id_idx", "id"), btree("name_idx", "name"),
                        overlays("fragment 0: field_coverage, data_file.fields [1 (name), 0 (id)], offset_bitmaps"
                                + " [{1, 3}, {2}], value columns name ['B', NULL] and id [30]; committed_version 4 -> v4",
                                OverlayFile.perField(0, 4, OverlayColumn.of("name", List.of(1, 3), "B", null),
                                        OverlayColumn.of("id", List.of(2), 30L))))),
                new Case("overlay-shared-two-fields", List.of(create(), btree("id_idx", "id"), btree("name_idx", "name"),
                        overlays("fragment 1: shared_offset_bitmap {0, 1}, data_file.fields [0 (id), 1 (name)],"
                                + " value columns id [30, 40] and name ['C', 'D']; committed_version 4 -> v4",
                                OverlayFile.shared(1, 4, OverlayColumn.of("id", List.of(0, 1), 30L, 40L),
                                        OverlayColumn.of("name", List.of(0, 1), "C", "D"))))),
                new Case("overlay-without-flag", List.of(create(), btree("id_idx", "id"), btree("name_idx", "name"),
                        new Step("kit commit (KitCommits): a DataOverlayFile on fragment 0 (name {1} = 'B';"
                                + " committed_version 4) WITHOUT reader or writer flag 64 (a manifest that breaks"
                                + " DataFragment.overlays' MUST) -> v4", w -> w.overlays(false, List.of(
                                OverlayFile.shared(0, 4, OverlayColumn.of("name", List.of(1), "B"))))))));
    }

    /** A kit commit of data overlays (stand-in value files), with reader and writer flag 64. */
    private static Step overlays(String description, OverlayFile... overlays) {
        return new Step("kit commit (KitCommits): DataOverlayFiles, reader and writer flag 64 = 1<<6 set; "
                + description, w -> w.overlays(true, List.of(overlays)));
    }

    /** The n-th uuid (n from 1) a case's writer asks for. */
    public static UUID uuid(String caseName, int n) {
        return UUID.nameUUIDFromBytes((UUID_PREFIX + caseName + "/" + n).getBytes(StandardCharsets.UTF_8));
    }

    /** Writes every case under {@code folder} (golden-files/reference-tables). */
    public static void writeAll(Path folder) {
        cases().forEach(c -> write(c, folder.resolve(c.name())));
    }

    /**
     * Writes one case into {@code caseFolder}: everything in it but expected.json is deleted first,
     * then the table and provenance.json are written.
     */
    public static void write(Case c, Path caseFolder) {
        clear(caseFolder);
        int[] count = {0};
        List<UUID> used = new ArrayList<>();
        TableEnvironment env = new TableEnvironment(Clock.fixed(TIME, ZoneOffset.UTC), () -> {
            UUID uuid = uuid(c.name(), ++count[0]);
            used.add(uuid);
            return uuid;
        });
        Writer writer = new Writer(caseFolder, env);
        c.steps().forEach(step -> step.action().accept(writer));
        write(caseFolder.resolve("provenance.json"), provenance(c, caseFolder, used));
    }

    private static byte[] provenance(Case c, Path caseFolder, List<UUID> used) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("writer", "the kit's reference model (spec-model, dev.tableindex.model.table: "
                + TableEnvironment.WRITER_LIBRARY + ")");
        root.put("writer_version", TableEnvironment.WRITER_VERSION);
        root.put("generator", "./tck golden --write-reference-tables (tck-runner: dev.tableindex.tck.golden.ReferenceTableCases)");
        root.put("clock", TIME + " (" + TIME.toEpochMilli() + " ms): every created_at and manifest timestamp");
        root.put("uuid_rule", "the n-th uuid the writer asks for (n from 1) is UUID.nameUUIDFromBytes(UTF-8 \""
                + UUID_PREFIX + c.name() + "/<n>\") (a version 3, name-based uuid)");
        ObjectNode uuids = root.putObject("uuids");
        for (int i = 0; i < used.size(); i++) {
            uuids.put(Integer.toString(i + 1), used.get(i).toString());
        }
        c.steps().forEach(step -> root.withArray("steps").add(step.description()));
        root.put("oracle", "expected.json is written by hand from these steps and the rules of docs/table-lifecycle.md and"
                + " docs/decisions/0004 (versions: the ManifestSummary view; reader: what a conformant reader makes of"
                + " the latest version), never from the kit's reader output; index file sizes come from the file system"
                + " (index_files) and uuids from the uuid rule (uuids); ./tck golden and ReferenceTableCasesTest check"
                + " that the model reads it so");
        ObjectNode files = root.putObject("files");
        ObjectNode indexFiles = root.putObject("index_files");
        for (Path file : filesOf(caseFolder)) {
            String relative = caseFolder.relativize(file).toString().replace('\\', '/');
            files.put(relative, GoldenManifestCase.sha256(file));
            if (relative.startsWith(TableStore.INDICES_DIR + "/")) {
                try {
                    indexFiles.put(relative.substring(TableStore.INDICES_DIR.length() + 1), Files.size(file));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        try {
            DefaultPrettyPrinter printer = new DefaultPrettyPrinter().withObjectIndenter(
                    new DefaultIndenter("  ", "\n"));
            return (JSON.writer(printer).writeValueAsString(root) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The case's files the generator writes (all but expected.json and provenance.json), sorted. */
    public static List<Path> filesOf(Path caseFolder) {
        if (!Files.isDirectory(caseFolder)) {
            return List.of();
        }
        try (Stream<Path> tree = Files.walk(caseFolder)) {
            return tree.filter(Files::isRegularFile)
                    .filter(f -> !f.getParent().equals(caseFolder) || !isHandWritten(f.getFileName().toString()))
                    .sorted(Comparator.comparing(f -> caseFolder.relativize(f).toString().replace('\\', '/')))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isHandWritten(String name) {
        return name.equals("expected.json") || name.equals("provenance.json");
    }

    private static void clear(Path caseFolder) {
        try {
            Files.createDirectories(caseFolder);
            try (Stream<Path> tree = Files.walk(caseFolder)) {
                for (Path p : tree.sorted(Comparator.reverseOrder()).toList()) {
                    if (!p.equals(caseFolder) && !(p.getParent().equals(caseFolder)
                            && p.getFileName().toString().equals("expected.json"))) {
                        Files.delete(p);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clear " + caseFolder, e);
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

    /** Every generated file of {@code generated} compared with {@code committed} byte for byte; empty = equal. */
    public static List<String> compare(Path generated, Path committed) {
        List<String> problems = new ArrayList<>();
        Map<String, Path> a = new TreeMap<>();
        Map<String, Path> b = new TreeMap<>();
        withProvenance(generated).forEach(f -> a.put(generated.relativize(f).toString().replace('\\', '/'), f));
        withProvenance(committed).forEach(f -> b.put(committed.relativize(f).toString().replace('\\', '/'), f));
        for (String name : a.keySet()) {
            if (!b.containsKey(name)) {
                problems.add(name + ": generated, not committed");
            } else if (!GoldenManifestCase.sha256(a.get(name)).equals(GoldenManifestCase.sha256(b.get(name)))) {
                problems.add(name + ": committed bytes differ from what the generator writes");
            }
        }
        b.keySet().stream().filter(n -> !a.containsKey(n)).forEach(n -> problems.add(n + ": committed, not generated"));
        return problems;
    }

    private static List<Path> withProvenance(Path caseFolder) {
        List<Path> files = new ArrayList<>(filesOf(caseFolder));
        Path provenance = caseFolder.resolve("provenance.json");
        if (Files.isRegularFile(provenance)) {
            files.add(provenance);
        }
        return files;
    }
}
