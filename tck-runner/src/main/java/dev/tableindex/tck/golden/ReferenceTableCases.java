package dev.tableindex.tck.golden;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import dev.tableindex.proto.lance.table.DataOverlayFile;
import dev.tableindex.proto.tck.Column;
import dev.tableindex.proto.tck.CreateIndex;
import dev.tableindex.proto.tck.CreateTable;
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
            CreateTable request = CreateTable.newBuilder()
                    .addColumns(Column.newBuilder().setName("id").setType("int64").setNullable(true))
                    .addColumns(Column.newBuilder().setName("name").setType("string").setNullable(true))
                    .setRows(Rows.newBuilder().setJson(rows)).setRowsPerFragment(2).build();
            commit(TableOperations.create(request, env));
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
         * A data overlay on fragment 0 giving {@code field} a new value at offset 1, committed in the
         * version being written; reader and writer flag 64. The overlay's data file is the
         * reference's stand-in ({@code data/<uuid>.json}) holding that one value.
         */
        void overlay(String column, Object value) {
            UUID uuid = env.newUuid();
            kitCommit(file -> {
                TableSchema schema = new TableSchema(file.manifest().getFieldsList());
                Field field = schema.require(column);
                TableSchema only = new TableSchema(List.of(field));
                byte[] bytes = StandInDataFile.encode(only, List.of(Map.of(field.getId(), value)));
                String path = uuid + ".json";
                write(root.resolve(TableStore.DATA_DIR).resolve(path), bytes);
                DataFile dataFile = StandInDataFile.describe(path, only, bytes);
                DataOverlayFile overlay = DataOverlayFile.newBuilder().setDataFile(dataFile)
                        .setSharedOffsetBitmap(ByteString.copyFrom(FragmentCoverage.of(1).encode()))
                        .setCommittedVersion(file.version() + 1).build();
                return KitCommits.manifest(m -> {
                    m.getFragmentsBuilder(0).addOverlays(overlay);
                    return m.setReaderFeatureFlags(m.getReaderFeatureFlags() | FeatureFlags.DATA_OVERLAY_FILES)
                            .setWriterFeatureFlags(m.getWriterFeatureFlags() | FeatureFlags.DATA_OVERLAY_FILES);
                }).apply(file);
            });
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
                new Case("unknown-reader-flag", List.of(create(), btree("id_idx", "id"),
                        kit("reader flag 1048576 = 1<<20 set -> v3", KitCommits.readerFlag(UNKNOWN_BIT)))),
                new Case("overlay", List.of(create(), btree("id_idx", "id"), btree("name_idx", "name"),
                        new Step("kit commit: a DataOverlayFile on fragment 0 (data file: the reference's stand-in"
                                + " data/<uuid>.json with field 1 = 'B'; shared_offset_bitmap {1}; committed_version 4),"
                                + " reader and writer flag 64 = 1<<6 set -> v4", w -> w.overlay("name", "B")))));
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
