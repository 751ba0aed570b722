package dev.tableindex.tck.mutants;

import com.google.protobuf.ByteString;
import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.index.FeatureFlags;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.table.DeletionFiles;
import dev.tableindex.model.table.StandInDataFile;
import dev.tableindex.model.table.TableSchema;
import dev.tableindex.model.table.TableStore;
import dev.tableindex.proto.lance.file.Field;
import dev.tableindex.proto.lance.table.DataFile;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.DataOverlayFile;
import dev.tableindex.proto.lance.table.DeletionFile;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.tck.TableOperation;
import dev.tableindex.tck.golden.KitCommits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.roaringbitmap.RoaringBitmap;

/**
 * Mutants of the reference engine as a writer whose commit met later versions (capability
 * table.retried_commits): the reference retries by redoing the operation on the latest version; each mutant
 * rebases what its first attempt prepared instead, and gets one thing of the rebase wrong.
 */
public final class RetryMutants {
    private RetryMutants() {
    }

    /**
     * Records a column rewrite as a data overlay, as an engine that writes overlays for small updates would, and
     * stamps it with the version its first attempt would have committed (the one after the version it read),
     * not re-stamped when the commit is retried. Its indexes keep their coverage, as overlays allow.
     */
    public static final class OverlayStampedAtFirstAttempt extends TableMutants.TableMutant {
        public OverlayStampedAtFirstAttempt() {
            super("mutant-overlay-stamped-at-first-attempt", Set.of("LTP-R117"),
                    "writes a retried column rewrite as a data overlay stamped with its first attempt's version, not"
                            + " re-stamped with the version the retry committed");
        }

        @Override
        void afterStaleApply(Path root, TableOperation operation, long readVersion, ManifestFile before) {
            if (!operation.hasUpdateColumn()) {
                return;
            }
            TableMutants.rewriteLatest(root, file -> {
                TableSchema schema = new TableSchema(file.manifest().getFieldsList());
                Field column = schema.require(operation.getUpdateColumn().getColumn());
                Map<Long, DataFile> had = before.manifest().getFragmentsList().stream()
                        .collect(Collectors.toMap(DataFragment::getId, f -> f.getFiles(0)));
                var manifest = file.manifest().toBuilder();
                for (DataFragment.Builder fragment : manifest.getFragmentsBuilderList()) {
                    DataFile old = had.get(fragment.getId());
                    DataFile rewritten = fragment.getFiles(0);
                    if (old == null || old.getPath().equals(rewritten.getPath())) {
                        continue;
                    }
                    fragment.clearFiles().addFiles(old).addOverlays(overlay(root, schema, column, old, rewritten,
                            readVersion + 1));
                }
                manifest.setReaderFeatureFlags(manifest.getReaderFeatureFlags() | FeatureFlags.DATA_OVERLAY_FILES)
                        .setWriterFeatureFlags(manifest.getWriterFeatureFlags() | FeatureFlags.DATA_OVERLAY_FILES);
                // an overlay leaves the indexes' coverage as it was: it excludes the cells it changes
                return ManifestFile.of(manifest.build(), Optional.of(withBitmapsOf(before,
                        file.indexSection().orElseThrow(), s -> true)), Optional.empty());
            });
        }

        /** The cells of {@code column} whose value {@code rewritten} changed, as a shared-bitmap overlay. */
        private static DataOverlayFile overlay(Path root, TableSchema schema, Field column, DataFile old,
                                               DataFile rewritten, long committedVersion) {
            List<Map<Integer, Object>> before = rows(root, schema, old);
            List<Map<Integer, Object>> after = rows(root, schema, rewritten);
            RoaringBitmap offsets = new RoaringBitmap();
            List<Map<Integer, Object>> values = new ArrayList<>();
            for (int offset = 0; offset < after.size(); offset++) {
                Object value = after.get(offset).get(column.getId());
                if (!Objects.equals(value, before.get(offset).get(column.getId()))) {
                    offsets.add(offset);
                    Map<Integer, Object> row = new HashMap<>();
                    row.put(column.getId(), value);
                    values.add(row);
                }
            }
            byte[] bytes = StandInDataFile.encode(schema, values);
            String path = "overlay-" + UUID.randomUUID() + ".json";
            write(root.resolve(TableStore.DATA_DIR).resolve(path), bytes);
            DataFile file = StandInDataFile.describe(path, schema, bytes);
            int index = file.getFieldsList().indexOf(column.getId());
            return DataOverlayFile.newBuilder()
                    .setDataFile(file.toBuilder().clearFields().addFields(column.getId()).clearColumnIndices()
                            .addColumnIndices(index))
                    .setSharedOffsetBitmap(ByteString.copyFrom(FragmentCoverage.of(offsets).encode()))
                    .setCommittedVersion(committedVersion).build();
        }

        private static List<Map<Integer, Object>> rows(Path root, TableSchema schema, DataFile file) {
            try {
                Path path = root.resolve(TableStore.DATA_DIR).resolve(file.getPath());
                return StandInDataFile.decode(Files.readAllBytes(path), schema, path.toString());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * Rebases a column rewrite prepared on the version it read onto the latest one without looking at the indexes
     * built since: they keep covering the fragments whose values it changed.
     */
    public static final class RetryKeepsLaterIndexCoverage extends TableMutants.TableMutant {
        public RetryKeepsLaterIndexCoverage() {
            super("mutant-retry-keeps-later-index-coverage", Set.of("IV2-R024"),
                    "rebases a retried column rewrite without pruning the indexes built after the version it read");
        }

        @Override
        void afterStaleApply(Path root, TableOperation operation, long readVersion, ManifestFile before) {
            if (!operation.hasUpdateColumn()) {
                return;
            }
            Set<UUID> known = LanceDatasetFolder.open(root).read(readVersion).segments().stream()
                    .map(IndexSegment::uuid).collect(Collectors.toSet());
            TableMutants.rewriteLatest(root, file -> ManifestFile.of(file.manifest(), Optional.of(withBitmapsOf(before,
                    file.indexSection().orElseThrow(), s -> !known.contains(s))), Optional.empty()));
        }
    }

    /**
     * Rebases a delete prepared on the version it read onto the latest one by keeping the deletion file it built
     * then: deletions committed in that fragment since are lost.
     */
    public static final class RetryKeepsFirstDeletionFile extends TableMutants.TableMutant {
        public RetryKeepsFirstDeletionFile() {
            super("mutant-retry-keeps-first-deletion-file", Set.of("LTP-R097"),
                    "rebases a retried delete with the deletion file built from the version it first read, losing the"
                            + " deletions committed in that fragment since");
        }

        @Override
        void afterStaleApply(Path root, TableOperation operation, long readVersion, ManifestFile before) {
            if (!operation.hasDeleteRows()) {
                return;
            }
            Map<Long, DataFragment> read = LanceDatasetFolder.open(root).read(readVersion).manifest().getFragmentsList()
                    .stream().collect(Collectors.toMap(DataFragment::getId, f -> f, (a, b) -> a, LinkedHashMap::new));
            Map<Long, RoaringBitmap> deletedBefore = new HashMap<>();
            before.manifest().getFragmentsList().forEach(f -> deletedBefore.put(f.getId(), deleted(root, f)));
            TableMutants.rewriteLatest(root, KitCommits.manifest(m -> {
                for (DataFragment.Builder fragment : m.getFragmentsBuilderList()) {
                    DataFragment atRead = read.get(fragment.getId());
                    if (atRead == null || !fragment.hasDeletionFile()
                            || fragment.getDeletionFile().equals(before.manifest().getFragmentsList().stream()
                                    .filter(f -> f.getId() == fragment.getId()).findFirst()
                                    .map(DataFragment::getDeletionFile).orElse(null))) {
                        continue;
                    }
                    // what this delete removed, on top of what was deleted when it read the table
                    RoaringBitmap mine = RoaringBitmap.andNot(deleted(root, fragment.build()),
                            deletedBefore.getOrDefault(fragment.getId(), new RoaringBitmap()));
                    RoaringBitmap built = RoaringBitmap.or(deleted(root, atRead), mine);
                    DeletionFile file = DeletionFiles.describe(readVersion, Math.abs(UUID.randomUUID()
                            .getMostSignificantBits()), built);
                    write(root.resolve(DeletionFiles.path(fragment.getId(), file)), DeletionFiles.encode(built));
                    fragment.setDeletionFile(file);
                }
                return m;
            }));
        }

        private static RoaringBitmap deleted(Path root, DataFragment fragment) {
            if (!fragment.hasDeletionFile()) {
                return new RoaringBitmap();
            }
            try {
                return DeletionFiles.decode(Files.readAllBytes(root.resolve(DeletionFiles.path(fragment.getId(),
                        fragment.getDeletionFile()))));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * Gives every deletion file the id 0, and rebases a retried delete keeping the version its deletion file was
     * built from: the file of a concurrent writer that read the same version has the same name, and is overwritten.
     */
    public static final class DeletionFileIdsAllZero extends TableMutants.TableMutant {
        public DeletionFileIdsAllZero() {
            super("mutant-deletion-file-ids-all-zero", Set.of("LTP-R119"),
                    "writes every deletion file with id 0, so a retried delete that read the same version as a concurrent"
                            + " one writes over its file");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (operation.hasDeleteRows()) {
                renameNew(root, before, OptionalLong.empty());
            }
        }

        @Override
        void afterStaleApply(Path root, TableOperation operation, long readVersion, ManifestFile before) {
            if (operation.hasDeleteRows()) {
                renameNew(root, before, OptionalLong.of(readVersion));
            }
        }

        private static void renameNew(Path root, ManifestFile before, OptionalLong readVersion) {
            Map<Long, DeletionFile> had = before.manifest().getFragmentsList().stream().filter(DataFragment::hasDeletionFile)
                    .collect(Collectors.toMap(DataFragment::getId, DataFragment::getDeletionFile));
            TableMutants.rewriteLatest(root, KitCommits.manifest(m -> {
                for (DataFragment.Builder fragment : m.getFragmentsBuilderList()) {
                    if (!fragment.hasDeletionFile() || fragment.getDeletionFile().equals(had.get(fragment.getId()))) {
                        continue;
                    }
                    Path written = root.resolve(DeletionFiles.path(fragment.getId(), fragment.getDeletionFile()));
                    DeletionFile.Builder file = fragment.getDeletionFileBuilder().setId(0);
                    readVersion.ifPresent(file::setReadVersion);
                    move(written, root.resolve(DeletionFiles.path(fragment.getId(), file.build())));
                }
                return m;
            }));
        }
    }

    // ---- plumbing ----

    private static void move(Path from, Path to) {
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code section} with the legacy bitmaps of {@code before}'s segments that {@code which} accepts. */
    private static IndexSection withBitmapsOf(ManifestFile before, IndexSection section,
                                              Predicate<UUID> which) {
        Map<UUID, ByteString> bitmaps = before.segments().stream().filter(s -> which.test(s.uuid()))
                .collect(Collectors.toMap(IndexSegment::uuid, s -> s.proto().getFragmentBitmap()));
        IndexSection.Builder out = section.toBuilder();
        for (IndexMetadata.Builder entry : out.getIndicesBuilderList()) {
            ByteString old = bitmaps.get(IndexSegment.uuidFromBytes(entry.getUuid().getUuid().toByteArray()));
            if (old != null) {
                entry.setFragmentBitmap(old);
            }
        }
        return out.build();
    }

    private static void write(Path path, byte[] bytes) {
        try {
            Files.createDirectories(path.getParent());
            Files.write(path, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
