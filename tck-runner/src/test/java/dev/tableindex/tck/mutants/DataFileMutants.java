package dev.tableindex.tck.mutants;

import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.table.LanceV20DataFile;
import dev.tableindex.model.table.TableStore;
import dev.tableindex.proto.lance.table.DataFile;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.Manifest;
import dev.tableindex.proto.tck.ReadManifestRequest;
import dev.tableindex.proto.tck.ReadManifestResult;
import dev.tableindex.proto.tck.TableOperation;
import dev.tableindex.tck.golden.KitCommits;
import java.nio.file.Path;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Mutants of what the reference engine says of its data files and schema (lance-table.proto: DataFile,
 * DataFragment.deletion_file, Manifest.fields, Manifest.fragments, Manifest.version): writers that record
 * their data files wrongly, readers that misread them. Each changes what the reference wrote or reads in one
 * way; the reference's own stand-in reader ignores DataFile.fields, column_indices and file_size_bytes, so a
 * writer's misstep stays in the manifest for the kit to judge without stopping the table's later operations.
 */
public final class DataFileMutants {
    private DataFileMutants() {
    }

    // ---- writers ----

    /** Stores the data files it writes with their fields still at the in-memory default, -1. */
    public static final class StoresUnassignedFieldIds extends NewDataFileMutant {
        public StoresUnassignedFieldIds() {
            super("mutant-stores-unassigned-field-ids", Set.of("LTP-R103"),
                    "stores the data files it writes with every entry of fields at -1, the in-memory default",
                    file -> {
                        int n = file.getFieldsCount();
                        file.clearFields().addAllFields(IntStream.range(0, n).mapToObj(i -> -1).toList());
                    });
        }
    }

    /** Writes V2 data files with no column_indices, as a version 1 writer would. */
    public static final class NoColumnIndices extends NewDataFileMutant {
        public NoColumnIndices() {
            super("mutant-no-column-indices", Set.of("LTP-R108"),
                    "writes its V2 data files without column_indices, as for a version 1 file",
                    DataFile.Builder::clearColumnIndices);
        }
    }

    /** Records a data file's path as the absolute path it wrote, not relative to the dataset's data folder. */
    public static final class AbsoluteDataFilePaths extends NewDataFileMutant {
        public AbsoluteDataFilePaths() {
            super("mutant-absolute-data-file-paths", Set.of("LTP-R102"),
                    "records the path of each data file it writes as an absolute path on its machine",
                    null);
        }

        @Override
        void change(Path root, DataFile.Builder file) {
            file.setPath(root.resolve(TableStore.DATA_DIR).resolve(file.getPath()).toAbsolutePath().toString());
        }
    }

    /** Records each data file one byte larger than it is (the size before a trailing newline was dropped). */
    public static final class DataFileSizeOffByOne extends NewDataFileMutant {
        public DataFileSizeOffByOne() {
            super("mutant-data-file-size-off-by-one", Set.of("LTP-R111"),
                    "records file_size_bytes one byte larger than the data file it wrote",
                    file -> file.setFileSizeBytes(file.getFileSizeBytes() + 1));
        }
    }

    /**
     * A column rewrite that keeps the fragment's data file for every field and adds the rewritten column's new
     * file beside it, without tombstoning the field in the first (-2).
     */
    public static final class RewriteWithoutTombstone extends TableMutants.TableMutant {
        public RewriteWithoutTombstone() {
            super("mutant-rewrite-without-tombstone", Set.of("LTP-R104"),
                    "adds a column rewrite's data file to the fragment and leaves the field listed in the old one too,"
                            + " not tombstoned (-2)");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (!operation.hasUpdateColumn()) {
                return;
            }
            int field = before.manifest().getFieldsList().stream()
                    .filter(f -> f.getParentId() == -1 && f.getName().equals(operation.getUpdateColumn().getColumn()))
                    .findFirst().orElseThrow().getId();
            var had = before.manifest().getFragmentsList().stream()
                    .collect(Collectors.toMap(DataFragment::getId, f -> f.getFiles(0)));
            TableMutants.rewriteLatest(root, KitCommits.manifest(m -> {
                for (DataFragment.Builder fragment : m.getFragmentsBuilderList()) {
                    DataFile rewritten = fragment.getFiles(0);
                    DataFile old = had.get(fragment.getId());
                    if (old != null && !old.getPath().equals(rewritten.getPath())) {
                        // the old file keeps every field, the new one is listed as the column's file
                        fragment.clearFiles().addFiles(old).addFiles(rewritten.toBuilder().clearFields().addFields(field)
                                .clearColumnIndices().addColumnIndices(rewritten.getFieldsList().indexOf(field)));
                    }
                }
                return m;
            }));
        }
    }

    /** Writes the schema of a list column without the child field of its items: only top-level fields. */
    public static final class TopLevelFieldsOnly extends TableMutants.TableMutant {
        public TopLevelFieldsOnly() {
            super("mutant-top-level-fields-only", Set.of("LTP-R058"),
                    "writes only the top-level fields in Manifest.fields, leaving out a list's item field");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            TableMutants.rewriteLatest(root, KitCommits.manifest(m -> {
                var kept = m.getFieldsList().stream().filter(f -> f.getParentId() == -1).toList();
                return m.clearFields().addAllFields(kept);
            }));
        }
    }

    // ---- readers ----

    /** Reads a fragment's base data file and never its deletion file. */
    public static final class IgnoresDeletionFiles extends TableMutants.TableMutant {
        public IgnoresDeletionFiles() {
            super("mutant-ignores-deletion-files", Set.of("LTP-R097"),
                    "reads every row of a fragment's data files, ignoring its deletion file");
        }

        @Override
        void beforeRead(Path root) {
            if (LanceDatasetFolder.open(root).readLatest().manifest().getFragmentsList().stream()
                    .anyMatch(DataFragment::hasDeletionFile)) {
                KitCommits.commit(root, KitCommits.manifest(m -> {
                    m.getFragmentsBuilderList().forEach(DataFragment.Builder::clearDeletionFile);
                    return m.setReaderFeatureFlags(m.getReaderFeatureFlags() & ~1L)
                            .setWriterFeatureFlags(m.getWriterFeatureFlags() & ~1L);
                }));
            }
        }
    }

    /** Takes a Lance 2.0 data file's column i for the DataFile's field i, ignoring column_indices. */
    public static final class ColumnsByFieldPosition extends TableMutants.TableMutant {
        public ColumnsByFieldPosition() {
            super("mutant-columns-by-field-position", Set.of("LTP-R106"),
                    "reads a Lance 2.0 data file's column i as the DataFile's field i, ignoring column_indices");
        }

        @Override
        void beforeRead(Path root) {
            Manifest manifest = LanceDatasetFolder.open(root).readLatest().manifest();
            boolean permuted = manifest.getFragmentsList().stream().flatMap(f -> f.getFilesList().stream())
                    .filter(LanceV20DataFile::isVersion20)
                    .anyMatch(f -> !f.getColumnIndicesList().equals(IntStream.range(0, f.getColumnIndicesCount())
                            .boxed().toList()));
            if (permuted) {
                KitCommits.commit(root, KitCommits.manifest(m -> {
                    m.getFragmentsBuilderList().forEach(fragment -> fragment.getFilesBuilderList().stream()
                            .filter(f -> LanceV20DataFile.isVersion20(f.build()))
                            .forEach(f -> {
                                int n = f.getColumnIndicesCount();
                                f.clearColumnIndices().addAllColumnIndices(IntStream.range(0, n).boxed().toList());
                            }));
                    return m;
                }));
            }
        }
    }

    /** Takes a data file whose recorded size is 0 for an empty file: the fragment's rows are not read. */
    public static final class ZeroSizeIsEmpty extends TableMutants.TableMutant {
        public ZeroSizeIsEmpty() {
            super("mutant-zero-size-is-empty", Set.of("LTP-R112"),
                    "reads a data file whose file_size_bytes is 0 as an empty file, so its fragment has no rows");
        }

        @Override
        void beforeRead(Path root) {
            Manifest manifest = LanceDatasetFolder.open(root).readLatest().manifest();
            Set<Long> empty = manifest.getFragmentsList().stream()
                    .filter(f -> f.getFilesList().stream().anyMatch(d -> d.getFileSizeBytes() == 0))
                    .map(DataFragment::getId).collect(Collectors.toSet());
            if (!empty.isEmpty()) {
                KitCommits.commit(root, KitCommits.manifest(m -> {
                    var kept = m.getFragmentsList().stream().filter(f -> !empty.contains(f.getId())).toList();
                    return m.clearFragments().addAllFragments(kept);
                }));
            }
        }
    }

    /** Answers a read of an older version with the version number of the latest one. */
    public static final class LatestVersionNumber extends TableMutants.ManifestMutant {
        public LatestVersionNumber() {
            super("mutant-latest-version-number", Set.of("LTP-R061"),
                    "returns every manifest it reads with the latest version's number, whichever version was asked for");
        }

        @Override
        ReadManifestResult read(ReadManifestRequest request) {
            ReadManifestResult asked = super.read(request);
            if (!request.hasVersion()) {
                return asked;
            }
            long latest = super.read(request.toBuilder().clearVersion().build()).getManifest().getVersion();
            return asked.toBuilder().setManifest(asked.getManifest().toBuilder().setVersion(latest)).build();
        }
    }

    /** Returns the manifest without its last fragment (an off-by-one in the fragment loop). */
    public static final class DropsLastFragment extends TableMutants.ManifestMutant {
        public DropsLastFragment() {
            super("mutant-drops-last-fragment", Set.of("LTP-R060"),
                    "returns a manifest's fragments without the last one");
        }

        @Override
        ReadManifestResult change(ReadManifestResult result) {
            Manifest.Builder manifest = result.getManifest().toBuilder();
            if (manifest.getFragmentsCount() > 0) {
                manifest.removeFragments(manifest.getFragmentsCount() - 1);
            }
            return result.toBuilder().setManifest(manifest).build();
        }
    }

    // ---- plumbing ----

    static Set<String> paths(Manifest manifest) {
        return manifest.getFragmentsList().stream().flatMap(f -> f.getFilesList().stream()).map(DataFile::getPath)
                .collect(Collectors.toSet());
    }

    /** A writer whose data files, those its operation added, are recorded with one thing changed. */
    abstract static class NewDataFileMutant extends TableMutants.TableMutant {
        private final Consumer<DataFile.Builder> change;

        NewDataFileMutant(String name, Set<String> breaks, String flaw, Consumer<DataFile.Builder> change) {
            super(name, breaks, flaw);
            this.change = change;
        }

        void change(Path root, DataFile.Builder file) {
            change.accept(file);
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            Set<String> old = paths(before.manifest());
            TableMutants.rewriteLatest(root, KitCommits.manifest(m -> {
                m.getFragmentsBuilderList().forEach(fragment -> fragment.getFilesBuilderList().stream()
                        .filter(file -> !old.contains(file.getPath())).forEach(file -> change(root, file)));
                return m;
            }));
        }
    }
}
