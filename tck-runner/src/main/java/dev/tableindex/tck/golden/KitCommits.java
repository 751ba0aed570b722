package dev.tableindex.tck.golden;

import com.google.protobuf.ByteString;
import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.dataset.ManifestName;
import dev.tableindex.model.index.FeatureFlags;
import dev.tableindex.model.lancefile.LanceFileReader;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.manifest.ManifestWriter;
import dev.tableindex.model.table.LanceV20DataFile;
import dev.tableindex.model.table.RowsJson;
import dev.tableindex.model.table.TableSchema;
import dev.tableindex.model.table.TableStore;
import dev.tableindex.proto.lance.file.Field;
import dev.tableindex.proto.lance.table.DataFile;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.lance.table.Manifest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;

/**
 * The kit commits a version of a dataset itself, changing one thing in the latest manifest, as another
 * (older or newer) writer could. Used by the kit-commit scenario steps ({@code KitCommitSteps},
 * {@code IndexV2Steps}) and by the generator of the reference tables ({@link ReferenceTableCases}), so
 * both make such versions the same way. Data and index files are left as they are; {@link #addLance20Fragment}
 * adds a data file of its own.
 */
public final class KitCommits {
    private KitCommits() {
    }

    /**
     * Writes {@code change(latest)} as the next version, named as the dataset names its versions, and
     * points the version hint at it (if there is one). The transaction is dropped: this commit has none.
     * Returns the manifest written.
     */
    public static ManifestFile commit(Path root, UnaryOperator<ManifestFile> change) {
        LanceDatasetFolder folder = LanceDatasetFolder.open(root);
        ManifestFile latest = folder.readLatest();
        ManifestFile changed = change.apply(latest);
        long version = latest.version() + 1;
        Manifest manifest = changed.manifest().toBuilder().setVersion(version).clearTransactionFile().build();
        ManifestFile written = ManifestFile.of(manifest, changed.indexSection(), Optional.empty());
        byte[] bytes = ManifestWriter.write(written);
        try {
            Path versions = root.resolve(LanceDatasetFolder.VERSIONS_DIR);
            Files.write(versions.resolve(ManifestName.fileName(version, folder.namingScheme())), bytes);
            Path hint = versions.resolve(LanceDatasetFolder.VERSION_HINT_FILE);
            if (Files.exists(hint)) {
                Files.writeString(hint, "{\"version\":" + version + "}", StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return written;
    }

    /**
     * Another writer adds a fragment (the next id) whose one data file is a real Lance 2.0 file the kit writes
     * ({@link LanceV20DataFile}: the table's top-level columns of {@code rowsJson}, DataFile version 2.0, field
     * ids and column_indices of those columns, its exact size) at {@code data/<name>}, and sets flag 1 &lt;&lt; 8
     * (mixed data file versions) in the reader and writer words. data_format.version stays the engine's; only
     * when it is 2.0 already (Lance 2.0.0 and 4.0.0 write 2.0) does the commit raise it to 2.1, so that the
     * table's data files do differ from it (docs/decisions/0032-mixed-data-file-versions.md). Returns the
     * DataFile as committed.
     *
     * @throws IllegalStateException when the table's data files are not V2 (data_format.version not 2.x)
     */
    public static DataFile addLance20Fragment(Path root, String rowsJson) {
        return addLance20Fragment(root, rowsJson, false);
    }

    /**
     * As {@link #addLance20Fragment(Path, String)}; with {@code reversed}, the file stores the table's columns in
     * reverse order and its DataFile's column_indices say so (fields in schema order, [n-1, ..., 0]).
     */
    public static DataFile addLance20Fragment(Path root, String rowsJson, boolean reversed) {
        ManifestFile latest = LanceDatasetFolder.open(root).readLatest();
        String format = latest.manifest().getDataFormat().getVersion();
        if (!format.startsWith("2.")) {
            throw new IllegalStateException("data_format.version is '" + format + "': flag 256 mixes V2 data files,"
                    + " the kit adds a Lance 2.0 file to a table of V2 data files only");
        }
        TableSchema schema = new TableSchema(latest.manifest().getFieldsList());
        List<Field> order = new ArrayList<>(schema.columns());
        if (reversed) {
            Collections.reverse(order);
        }
        byte[] bytes = LanceV20DataFile.encode(schema, order, RowsJson.rows(rowsJson, schema));
        String name = "kit-lance-2.0-" + UUID.randomUUID() + ".lance";
        try {
            Path data = Files.createDirectories(root.resolve(TableStore.DATA_DIR));
            Files.write(data.resolve(name), bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        DataFile file = LanceV20DataFile.describe(name, schema, order, bytes);
        long rows = LanceFileReader.summary(bytes, name).rows();
        commit(root, manifest(m -> {
            long id = m.hasMaxFragmentId() ? Integer.toUnsignedLong(m.getMaxFragmentId()) + 1
                    : m.getFragmentsList().stream().mapToLong(DataFragment::getId).max().orElse(-1) + 1;
            m.addFragments(DataFragment.newBuilder().setId(id).setPhysicalRows(rows).addFiles(file))
                    .setMaxFragmentId((int) id)
                    .setReaderFeatureFlags(m.getReaderFeatureFlags() | FeatureFlags.MIXED_DATA_FILE_VERSIONS)
                    .setWriterFeatureFlags(m.getWriterFeatureFlags() | FeatureFlags.MIXED_DATA_FILE_VERSIONS);
            if (format.equals("2.0")) {
                m.getDataFormatBuilder().setVersion("2.1");
            }
            return m;
        }));
        return file;
    }

    /** A change of the manifest message alone (flags, fragments); the index section is kept. */
    public static UnaryOperator<ManifestFile> manifest(UnaryOperator<Manifest.Builder> change) {
        return file -> ManifestFile.of(change.apply(file.manifest().toBuilder()).build(), file.indexSection(),
                Optional.empty());
    }

    public static UnaryOperator<ManifestFile> readerFlag(long bit) {
        return manifest(m -> m.setReaderFeatureFlags(m.getReaderFeatureFlags() | bit));
    }

    public static UnaryOperator<ManifestFile> writerFlag(long bit) {
        return manifest(m -> m.setWriterFeatureFlags(m.getWriterFeatureFlags() | bit));
    }

    public static UnaryOperator<ManifestFile> readerAndWriterFlag(long bit) {
        return manifest(m -> m.setReaderFeatureFlags(m.getReaderFeatureFlags() | bit)
                .setWriterFeatureFlags(m.getWriterFeatureFlags() | bit));
    }

    /** Changes every legacy entry named {@code name}; IndexV2 (field 2) is carried over unchanged. */
    public static UnaryOperator<ManifestFile> legacyEntries(String name, UnaryOperator<IndexMetadata.Builder> change) {
        return file -> {
            IndexSection.Builder section = file.indexSection().orElseThrow(() -> new IllegalStateException(
                    "the manifest has no index section")).toBuilder();
            for (IndexMetadata.Builder entry : section.getIndicesBuilderList()) {
                if (entry.getName().equals(name)) {
                    change.apply(entry);
                }
            }
            return ManifestFile.of(file.manifest(), Optional.of(section.build()), Optional.empty());
        };
    }

    /**
     * Every segment named {@code name} covers {@code fragmentIds}, in both forms: the legacy entries' bitmaps and
     * the bitmaps of the files of its IndexV2 (as a writer that keeps the two forms agreeing would write it).
     */
    public static UnaryOperator<ManifestFile> coverage(String name, long... fragmentIds) {
        ByteString bitmap = ByteString.copyFrom(FragmentCoverage.of(fragmentIds).encode());
        return bitmaps(name, bitmap);
    }

    /** Every segment named {@code name} has empty fragment_bitmap bytes (coverage unknown), in both forms. */
    public static UnaryOperator<ManifestFile> unknownCoverage(String name) {
        return bitmaps(name, ByteString.EMPTY);
    }

    private static UnaryOperator<ManifestFile> bitmaps(String name, ByteString bitmap) {
        return file -> {
            IndexSection.Builder section = legacyEntries(name, e -> e.setFragmentBitmap(bitmap)).apply(file)
                    .indexSection().orElseThrow().toBuilder();
            section.getIndicesV2BuilderList().stream().filter(i -> i.getName().equals(name))
                    .forEach(i -> i.getFilesBuilderList().forEach(f -> f.setFragmentBitmap(bitmap)));
            return ManifestFile.of(file.manifest(), Optional.of(section.build()), Optional.empty());
        };
    }

    /** Every data file of every fragment records file_size_bytes 0 ("unknown"). */
    public static UnaryOperator<ManifestFile> unknownDataFileSizes() {
        return manifest(m -> {
            m.getFragmentsBuilderList().forEach(f -> f.getFilesBuilderList().forEach(d -> d.setFileSizeBytes(0)));
            return m;
        });
    }

    /** An index on {@code fields} that carries {@code covering} (legacy entries only). */
    public static UnaryOperator<ManifestFile> coveringFields(String name, List<Integer> fields, List<Integer> covering) {
        return legacyEntries(name, entry -> entry.clearFields().addAllFields(fields)
                .clearCoveringFields().addAllCoveringFields(covering));
    }

    /**
     * An old writer that keeps unknown fields (IndexV2, field 2, unchanged) but maintains only the
     * legacy entries: their bitmap now names {@code fragmentIds}.
     */
    public static UnaryOperator<ManifestFile> legacyCoverage(String name, long... fragmentIds) {
        ByteString bitmap = ByteString.copyFrom(FragmentCoverage.of(fragmentIds).encode());
        return legacyEntries(name, entry -> entry.setFragmentBitmap(bitmap));
    }

    /** The legacy metadata dropped: IndexV2 only, and writer flag {@code bit} set. */
    public static UnaryOperator<ManifestFile> v2Only(long bit) {
        return file -> {
            IndexSection section = file.indexSection().orElseThrow(() -> new IllegalStateException(
                    "the manifest has no index section")).toBuilder().clearIndices().build();
            return ManifestFile.of(file.manifest().toBuilder()
                    .setWriterFeatureFlags(file.manifest().getWriterFeatureFlags() | bit).build(),
                    Optional.of(section), Optional.empty());
        };
    }
}
