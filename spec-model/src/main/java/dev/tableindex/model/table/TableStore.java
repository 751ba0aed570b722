package dev.tableindex.model.table;

import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.dataset.ManifestName;
import dev.tableindex.model.index.FeatureFlags;
import dev.tableindex.model.index.IndexCatalog;
import dev.tableindex.model.index.IndexV2Projection;
import dev.tableindex.model.index.OverlayExclusion;
import dev.tableindex.model.io.Folders;
import dev.tableindex.model.manifest.IndexV2Entry;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.manifest.ManifestWriter;
import dev.tableindex.proto.lance.file.Field;
import dev.tableindex.proto.lance.table.DataFile;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.DataOverlayFile;
import dev.tableindex.proto.lance.table.DeletionFile;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexV2;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.stream.Stream;
import org.roaringbitmap.RoaringBitmap;

/**
 * The I/O edge of the table model: reads a dataset folder's latest version into a
 * {@link TableVersion} and writes a {@link Commit} as files. Files are immutable and named by fresh
 * uuids, so a commit writes exactly the data, deletion and index files that do not exist yet, then
 * the transaction file, the manifest ({@code _versions/{u64::MAX - version}.manifest}, created
 * new: a concurrent writer of the same version fails) and {@code latest_version_hint.json}.
 */
public final class TableStore {
    public static final String DATA_DIR = "data";
    public static final String INDICES_DIR = "_indices";
    public static final String TRANSACTIONS_DIR = "_transactions";

    private TableStore() {
    }

    /** The latest manifest and the table it describes. */
    public record Loaded(ManifestFile manifest, TableVersion table) {
    }

    public static boolean exists(Path root) {
        Path versions = root.resolve(LanceDatasetFolder.VERSIONS_DIR);
        if (!Files.isDirectory(versions)) {
            return false;
        }
        try (Stream<Path> files = Files.list(versions)) {
            return files.anyMatch(f -> ManifestName.parse(f.getFileName().toString()).isPresent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The latest manifest, as a reader.
     *
     * @throws TableException READER_FEATURE_UNSUPPORTED for a reader flag the reference does not know
     */
    public static ManifestFile readLatest(Path root) {
        return checkReadable(LanceDatasetFolder.open(root).readLatest());
    }

    /**
     * The manifest, if this reader may read it.
     *
     * @throws TableException READER_FEATURE_UNSUPPORTED for a reader flag the reference does not know
     */
    public static ManifestFile checkReadable(ManifestFile file) {
        long unknown = FeatureFlags.unknownToReader(file.manifest().getReaderFeatureFlags());
        if (unknown != 0) {
            throw new TableException(TableException.Kind.READER_FEATURE_UNSUPPORTED, "reader feature flags "
                    + file.manifest().getReaderFeatureFlags() + " hold bits this reader does not know: " + unknown);
        }
        return file;
    }

    /** @throws TableException WRITER_FEATURE_UNSUPPORTED for a writer flag the reference cannot honour */
    public static void checkWritable(ManifestFile file) {
        long refused = FeatureFlags.refusedByWriter(file.manifest().getWriterFeatureFlags());
        if (refused != 0) {
            throw new TableException(TableException.Kind.WRITER_FEATURE_UNSUPPORTED, "writer feature flags "
                    + file.manifest().getWriterFeatureFlags() + " hold bits this writer does not know or cannot"
                    + " maintain: " + refused);
        }
    }

    public static Loaded load(Path root) {
        ManifestFile file = readLatest(root);
        return new Loaded(file, toTable(root, file));
    }

    /** The reader's index view, recovering unknown bitmaps from the reference's index files. */
    public static IndexCatalog catalog(Path root, ManifestFile file) {
        return IndexCatalog.of(file, uuid -> readIndexFile(root, uuid).map(IndexFileContent::fragments));
    }

    /** The reference's files of a segment, if they exist and are its (see {@link IndexFileContent#read}). */
    public static Optional<IndexFileContent> readIndexFile(Path root, UUID segment) {
        return IndexFileContent.read(indexFolder(root, segment));
    }

    /** A segment's folder, {@code _indices/<uuid>/}. */
    public static Path indexFolder(Path root, UUID segment) {
        return root.resolve(INDICES_DIR).resolve(segment.toString());
    }

    /** The reference's one file of a segment of every kind but the list element index. */
    public static Path indexFilePath(Path root, UUID segment) {
        return indexFolder(root, segment).resolve(IndexV2Projection.REFERENCE_FILE_NAME);
    }

    /**
     * The table a manifest describes. Index segments come from the source the reader would use (see
     * {@link IndexCatalog}); with writer flag 1&lt;&lt;12 they are projected from IndexV2. An unknown
     * bitmap is recovered from the segment's index file, as Lance's commit-time migration does.
     *
     * <p>Data overlays (reader flag 1&lt;&lt;6) are read: each fragment's rows are its current values,
     * the base data file's with every overlay applied (see {@link #applyOverlays}), and the fragment
     * keeps the overlays for the index rule of {@code RowCounter}.
     *
     * <p>Each fragment's data file is decoded by its own DataFile version (Lance 2.0 files, else the
     * reference's stand-ins), whatever data_format.version says; reader and writer flag 1&lt;&lt;8 (mixed
     * data file versions) is carried into the versions the reference writes.
     *
     * @throws TableException INVALID_OPERATION when the data is not one the reference reads (Lance 2.0 or
     *     stand-in data files, stand-ins only for overlays; BITMAP deletion files), or an overlay is
     *     malformed or present without reader flag 1&lt;&lt;6
     */
    public static TableVersion toTable(Path root, ManifestFile file) {
        TableSchema schema = new TableSchema(file.manifest().getFieldsList());
        boolean overlaysAllowed = FeatureFlags.has(file.manifest().getReaderFeatureFlags(),
                FeatureFlags.DATA_OVERLAY_FILES);
        List<Fragment> fragments = new ArrayList<>();
        for (DataFragment proto : file.manifest().getFragmentsList()) {
            if (proto.getOverlaysCount() != 0 && !overlaysAllowed) {
                throw TableException.invalid("fragment " + proto.getId() + " has data overlays, but reader flag"
                        + " 64 (data overlay files) is not set");
            }
            fragments.add(fragment(root, schema, proto));
        }
        boolean legacyDropped = FeatureFlags.has(file.manifest().getWriterFeatureFlags(),
                FeatureFlags.LEGACY_INDEX_METADATA_DROPPED);
        IndexCatalog catalog = IndexCatalog.of(file, IndexCatalog.CoverageRecovery.NONE);
        List<IndexMetadata> legacy = file.segments().stream().map(s -> s.proto()).toList();
        List<IndexV2> v2 = file.topLevelIndexes().stream().map(IndexV2Entry::proto).toList();
        List<IndexMetadata> segments = legacyDropped
                ? IndexV2Projection.toLegacy(v2, legacy, file.version(), OptionalLong.empty())
                : catalog.source() == IndexCatalog.Source.NONE ? List.of() : legacy;
        Map<UUID, IndexFileContent> contents = new LinkedHashMap<>();
        List<IndexMetadata> resolved = new ArrayList<>();
        for (IndexMetadata segment : segments) {
            UUID uuid = TableVersion.uuidOf(segment);
            Optional<IndexFileContent> content = readIndexFile(root, uuid);
            content.ifPresent(c -> contents.put(uuid, c));
            boolean unknown = segment.getFragmentBitmap().isEmpty();
            resolved.add(unknown && content.isPresent()
                    ? IndexMaintenance.withCoverage(segment, content.get().fragments()) : segment);
        }
        Map<String, UUID> ids = new LinkedHashMap<>();
        for (IndexMetadata segment : resolved) {
            ids.computeIfAbsent(segment.getName(), name -> file.topLevelIndexes().stream()
                    .filter(i -> i.name().equals(name)).map(IndexV2Entry::id).findFirst()
                    .orElseGet(() -> IndexV2Projection.derivedId(segment)));
        }
        OptionalLong maxFragmentId = file.manifest().hasMaxFragmentId()
                ? OptionalLong.of(Integer.toUnsignedLong(file.manifest().getMaxFragmentId())) : OptionalLong.empty();
        boolean mixedVersions = FeatureFlags.has(file.manifest().getReaderFeatureFlags()
                | file.manifest().getWriterFeatureFlags(), FeatureFlags.MIXED_DATA_FILE_VERSIONS);
        return new TableVersion(file.version(), schema, fragments, maxFragmentId, resolved, contents, ids,
                legacyDropped, mixedVersions);
    }

    private static Fragment fragment(Path root, TableSchema schema, DataFragment proto) {
        if (proto.getFilesCount() != 1) {
            throw TableException.invalid("fragment " + proto.getId() + " is not the reference's (one stand-in data"
                    + " file)");
        }
        List<Map<Integer, Object>> rows = readDataFile(root, schema, proto);
        RoaringBitmap deleted = new RoaringBitmap();
        Optional<DeletionFile> deletionFile = Optional.empty();
        if (proto.hasDeletionFile()) {
            DeletionFile df = proto.getDeletionFile();
            if (df.getFileType() != DeletionFile.DeletionFileType.BITMAP) {
                throw TableException.invalid("fragment " + proto.getId() + ": the reference reads BITMAP deletion"
                        + " files only");
            }
            try {
                deleted = DeletionFiles.decode(Files.readAllBytes(root.resolve(DeletionFiles.path(proto.getId(), df))));
            } catch (IOException | IllegalArgumentException e) {
                throw TableException.invalid("fragment " + proto.getId() + ": bad deletion file: " + e.getMessage());
            }
            deletionFile = Optional.of(df);
        }
        if (proto.getOverlaysCount() != 0) {
            rows = applyOverlays(root, schema, proto, rows);
        }
        return new Fragment(proto.getId(), proto.getFiles(0), rows, deleted, deletionFile, proto.getOverlaysList());
    }

    /**
     * A fragment's rows, decoded as its one DataFile's own version says (lance-table.proto: with flag 1&lt;&lt;8,
     * "each DataFile's version is authoritative for decoding"; without it every data file has
     * data_format's version, so the rule reads the same): a Lance 2.0 file ({@link LanceV20DataFile}), else
     * the reference's own stand-in, which it labels 2.1.
     */
    private static List<Map<Integer, Object>> readDataFile(Path root, TableSchema schema, DataFragment proto) {
        DataFile file = proto.getFiles(0);
        Path dataPath = root.resolve(DATA_DIR).resolve(file.getPath());
        if (LanceV20DataFile.isVersion20(file)) {
            try {
                return LanceV20DataFile.decode(Files.readAllBytes(dataPath), file, schema, proto.getPhysicalRows(),
                        dataPath.toString());
            } catch (IOException | IllegalArgumentException e) {
                throw TableException.invalid("fragment " + proto.getId() + ": cannot read its Lance 2.0 data file: "
                        + e.getMessage());
            }
        }
        try {
            return StandInDataFile.decode(Files.readAllBytes(dataPath), schema, dataPath.toString());
        } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
            throw TableException.invalid("fragment " + proto.getId() + ": the reference reads Lance 2.0 data files"
                    + " and its own stand-in data files (version " + file.getFileMajorVersion() + "."
                    + file.getFileMinorVersion() + " here): " + e.getMessage());
        }
    }

    /**
     * The current value of every cell of a fragment (lance-table.proto, DataOverlayFile): a cell's
     * value comes from the newest overlay that covers its (offset, field), else from the base data
     * file. Newest means the highest {@code committed_version}, and among equal versions the later
     * entry of {@code DataFragment.overlays}; so the overlays are applied oldest first, each
     * overwriting the cells it covers. Within an overlay's value column, a covered offset's value is
     * at its rank in the field's coverage bitmap ({@code shared_offset_bitmap} or
     * {@code field_coverage}); a NULL value overrides the cell to NULL. Deleted rows get overlay values
     * too, but nothing reads them (deletions take precedence). An overlay field the schema no longer
     * has (a dropped column) is ignored; a nested field gives its value to its top-level column.
     *
     * @throws TableException INVALID_OPERATION for an overlay data file that is not a stand-in, bad
     *     coverage, a covered offset beyond the fragment's rows, or a value column too short
     */
    static List<Map<Integer, Object>> applyOverlays(Path root, TableSchema schema, DataFragment proto,
                                                    List<Map<Integer, Object>> base) {
        List<Map<Integer, Object>> rows = new ArrayList<>();
        base.forEach(r -> rows.add(new LinkedHashMap<>(r)));
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < proto.getOverlaysCount(); i++) {
            order.add(i);
        }
        // Stable sort: equal committed_versions keep manifest order (a later entry is newer).
        order.sort((a, b) -> Long.compareUnsigned(proto.getOverlays(a).getCommittedVersion(),
                proto.getOverlays(b).getCommittedVersion()));
        for (int i : order) {
            DataOverlayFile overlay = proto.getOverlays(i);
            String where = "fragment " + proto.getId() + ", overlay " + i;
            Path path = root.resolve(DATA_DIR).resolve(overlay.getDataFile().getPath());
            List<Map<Integer, Object>> values;
            try {
                values = StandInDataFile.decode(Files.readAllBytes(path), schema, path.toString());
            } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
                throw TableException.invalid(where + ": the reference reads only its own stand-in data files: "
                        + e.getMessage());
            }
            for (int fieldId : overlay.getDataFile().getFieldsList()) {
                Optional<Field> column = topLevel(schema, fieldId);
                if (column.isEmpty()) {
                    continue; // a dropped column: nothing reads it
                }
                int columnId = column.get().getId();
                RoaringBitmap covered;
                try {
                    covered = OverlayExclusion.coverage(overlay, fieldId).orElseThrow();
                } catch (IllegalArgumentException e) {
                    throw TableException.invalid(where + ": " + e.getMessage());
                }
                int rank = 0;
                for (int offset : covered) {
                    if (offset < 0 || offset >= rows.size()) {
                        throw TableException.invalid(where + " covers offset " + Integer.toUnsignedString(offset)
                                + " of field " + fieldId + ", beyond the fragment's " + rows.size() + " rows");
                    }
                    if (rank >= values.size() || !values.get(rank).containsKey(columnId)) {
                        throw TableException.invalid(where + ": field " + fieldId + " covers "
                                + covered.getCardinality() + " offsets but its value column has only " + rank
                                + " values");
                    }
                    rows.get(offset).put(columnId, values.get(rank).get(columnId));
                    rank++;
                }
            }
        }
        return rows;
    }

    /** The top-level column a field belongs to (itself, or its outermost parent); empty if not in the schema. */
    private static Optional<Field> topLevel(TableSchema schema, int fieldId) {
        Map<Integer, Field> byId = new LinkedHashMap<>();
        schema.fields().forEach(f -> byId.put(f.getId(), f));
        Field field = byId.get(fieldId);
        while (field != null && field.getParentId() != -1) {
            field = byId.get(field.getParentId());
        }
        return Optional.ofNullable(field);
    }

    /** Writes the commit's new files and its manifest; returns the manifest as the model built it. */
    public static ManifestFile commit(Path root, Commit commit, TableEnvironment env) {
        TableVersion table = commit.version();
        ManifestFile manifest = TableManifest.build(table, commit.transaction(), env.nowMillis());
        try {
            for (Fragment fragment : table.fragments()) {
                writeIfMissing(root.resolve(DATA_DIR).resolve(fragment.dataFile().getPath()),
                        () -> StandInDataFile.encode(table.schema(), fragment.rows()));
                if (fragment.deletionFile().isPresent()) {
                    writeIfMissing(root.resolve(DeletionFiles.path(fragment.id(), fragment.deletionFile().get())),
                            () -> DeletionFiles.encode(fragment.deleted()));
                }
            }
            for (Map.Entry<UUID, IndexFileContent> segment : table.indexFiles().entrySet()) {
                Path folder = indexFolder(root, segment.getKey());
                if (!Files.exists(folder)) { // a segment's files are written once, by the commit that adds it
                    for (Map.Entry<String, byte[]> file : segment.getValue().files().entrySet()) {
                        writeIfMissing(folder.resolve(file.getKey()), () -> file.getValue());
                    }
                }
            }
            Path transactions = Folders.ensure(root.resolve(TRANSACTIONS_DIR));
            Files.write(transactions.resolve(TableManifest.transactionFileName(commit.transaction())),
                    commit.transaction().toByteArray());
            Path versions = Folders.ensure(root.resolve(LanceDatasetFolder.VERSIONS_DIR));
            Files.write(versions.resolve(ManifestName.fileName(table.version(), ManifestName.NamingScheme.V2)),
                    ManifestWriter.write(manifest), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            Files.writeString(versions.resolve(LanceDatasetFolder.VERSION_HINT_FILE),
                    "{\"version\":" + table.version() + "}", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write version " + table.version() + " of " + root, e);
        }
        return manifest;
    }

    private static void writeIfMissing(Path path, java.util.function.Supplier<byte[]> bytes) throws IOException {
        if (!Files.exists(path)) {
            Folders.ensure(path.getParent());
            Files.write(path, bytes.get(), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        }
    }
}
