package dev.tableindex.model.table;

import static dev.tableindex.model.table.Ops.column;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.index.CountingObjectStore;
import dev.tableindex.model.index.FeatureFlags;
import dev.tableindex.model.index.IndexCatalog;
import dev.tableindex.model.index.IndexOpener;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.manifest.ManifestWriter;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.lance.table.IndexV2;
import dev.tableindex.proto.lance.table.IndexV2File;
import dev.tableindex.proto.lance.table.Manifest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Feature flags, IndexV2/legacy disagreement and recorded sizes, on real dataset folders. */
class CompatibilityTest {
    @TempDir
    Path root;

    /** Rewrites the latest manifest in place, as another writer would have written it. */
    private void rewriteLatest(UnaryOperator<Manifest> manifest, UnaryOperator<IndexSection> section) throws Exception {
        LanceDatasetFolder folder = LanceDatasetFolder.open(root);
        ManifestFile file = folder.readLatest();
        ManifestFile changed = ManifestFile.of(manifest.apply(file.manifest()), file.indexSection().map(section),
                file.transaction());
        Files.write(folder.entry(folder.latestVersion()).path(), ManifestWriter.write(changed));
    }

    private Lab indexed() {
        return new Lab(root).apply(Ops.create(Lab.rows(0, 10), 5, column("id", "int64"), column("name", "string")))
                .apply(Ops.createIndex("", "id", "btree")).apply(Ops.createIndex("", "name", "btree"));
    }

    @Test
    void anUnknownReaderFlagRefusesReading() throws Exception {
        Lab lab = indexed();
        rewriteLatest(m -> m.toBuilder().setReaderFeatureFlags(1L << 9).build(), s -> s);
        assertThatThrownBy(lab::table).isInstanceOfSatisfying(TableException.class,
                e -> assertThat(e.kind()).isEqualTo(TableException.Kind.READER_FEATURE_UNSUPPORTED));
    }

    @Test
    void anUnknownWriterFlagRefusesEveryWriteDeleteIncluded() throws Exception {
        Lab lab = indexed();
        rewriteLatest(m -> m.toBuilder().setWriterFeatureFlags(1L << 13).build(), s -> s);
        assertThat(lab.count("id < 3", true)).isEqualTo(3); // a reader flag it is not: reading goes on
        assertThatThrownBy(() -> lab.apply(Ops.delete("id = 1"))).isInstanceOfSatisfying(TableException.class,
                e -> assertThat(e.kind()).isEqualTo(TableException.Kind.WRITER_FEATURE_UNSUPPORTED));
        assertThatThrownBy(() -> lab.apply(Ops.append(Lab.rows(20, 21), 0))).isInstanceOf(TableException.class);
        assertThat(LanceDatasetFolder.open(root).latestVersion()).isEqualTo(3);
    }

    @Test
    void withTheKitFlagTheWriterKeepsWritingIndexV2Only() throws Exception {
        Lab lab = indexed();
        IndexSection before = lab.manifest().indexSection().orElseThrow();
        rewriteLatest(m -> m.toBuilder().setWriterFeatureFlags(FeatureFlags.LEGACY_INDEX_METADATA_DROPPED).build(),
                s -> s.toBuilder().clearIndices().build());
        assertThat(lab.catalog().source()).isEqualTo(IndexCatalog.Source.V2);
        assertThat(lab.count("id = 4", true)).isEqualTo(1);
        lab.apply(Ops.append(Lab.rows(10, 12), 0)).apply(Ops.optimize());
        ManifestFile after = lab.manifest();
        assertThat(after.manifest().getWriterFeatureFlags() & FeatureFlags.LEGACY_INDEX_METADATA_DROPPED).isNotZero();
        assertThat(after.manifest().getReaderFeatureFlags() & FeatureFlags.LEGACY_INDEX_METADATA_DROPPED).isZero();
        assertThat(after.segments()).isEmpty();
        IndexV2 id = after.indexSection().orElseThrow().getIndicesV2(0);
        assertThat(id.getId()).isEqualTo(before.getIndicesV2(0).getId()); // same index, one more file
        assertThat(id.getFilesCount()).isEqualTo(2);
        assertThat(lab.catalog().byName("id_idx").orElseThrow().coverage().getCardinality()).isEqualTo(3);
        assertThat(lab.count("id >= 9", true)).isEqualTo(3);
    }

    @Test
    void legacyWinsOverStaleV2AndTheNextWriteRepairsV2() throws Exception {
        Lab lab = indexed();
        // an old (protobuf-java) writer updated column id in fragment 1 and pruned only the legacy bitmap
        rewriteLatest(m -> m, s -> s.toBuilder().setIndices(0, IndexMaintenance.withCoverage(s.getIndices(0),
                org.roaringbitmap.RoaringBitmap.bitmapOf(0))).build());
        IndexCatalog catalog = lab.catalog();
        assertThat(catalog.source()).isEqualTo(IndexCatalog.Source.LEGACY);
        assertThat(Lab.ids(catalog.byName("id_idx").orElseThrow().coverage())).containsExactly(0L);
        lab.apply(Ops.delete("id = 0"));
        assertThat(lab.catalog().source()).isEqualTo(IndexCatalog.Source.V2);
        IndexV2File file = lab.manifest().indexSection().orElseThrow().getIndicesV2(0).getFiles(0);
        assertThat(file.getFragmentBitmap()).isEqualTo(lab.manifest().indexSection().orElseThrow()
                .getIndices(0).getFragmentBitmap());
    }

    @Test
    void recordedSizesSpareTheHeadRequests() throws Exception {
        Lab lab = indexed().apply(Ops.append(Lab.rows(10, 12), 0)).apply(Ops.optimize());
        IndexCatalog.Index index = lab.catalog().byName("id_idx").orElseThrow();
        assertThat(index.segments()).hasSize(2);
        IndexOpener.Opened opened = IndexOpener.open(new CountingObjectStore(root), index);
        assertThat(opened.headRequests()).isZero();
        assertThat(opened.readRequests()).isEqualTo(2);
        assertThat(opened.filesOpened()).isEqualTo(2);
        // sizes unknown: no IndexMetadata.files and no IndexV2File.file_size
        rewriteLatest(m -> m, s -> {
            IndexSection.Builder b = s.toBuilder();
            for (int i = 0; i < b.getIndicesCount(); i++) {
                b.setIndices(i, b.getIndices(i).toBuilder().clearFiles());
            }
            b.clearIndicesV2().addAllIndicesV2(dev.tableindex.model.index.IndexV2Projection.toV2(b.getIndicesList(),
                    n -> s.getIndicesV2List().stream().filter(v -> v.getName().equals(n)).findFirst()
                            .map(v -> dev.tableindex.model.manifest.IndexSegment.uuidFromBytes(v.getId().toByteArray()))));
            return b.build();
        });
        IndexCatalog.Index unsized = lab.catalog().byName("id_idx").orElseThrow();
        assertThat(lab.catalog().source()).isEqualTo(IndexCatalog.Source.V2);
        IndexOpener.Opened slow = IndexOpener.open(new CountingObjectStore(root), unsized);
        assertThat(slow.headRequests()).isEqualTo(2);
        assertThat(slow.readRequests()).isEqualTo(2);
        assertThat(slow.contents()).usingElementComparator(java.util.Arrays::compare)
                .containsExactlyElementsOf(opened.contents());
    }

    @Test
    void anUnknownBitmapIsRecoveredFromTheIndexFile() throws Exception {
        Lab lab = indexed();
        rewriteLatest(m -> m, s -> s.toBuilder().setIndices(0, s.getIndices(0).toBuilder()
                .setFragmentBitmap(com.google.protobuf.ByteString.EMPTY)).clearIndicesV2().build());
        IndexCatalog.Index index = lab.catalog().byName("id_idx").orElseThrow();
        assertThat(Lab.ids(index.coverage())).containsExactly(0L, 1L);
        assertThat(index.segments().get(0).coverageRecovered()).isTrue();
        assertThat(lab.count("id < 7", true)).isEqualTo(7);
        // the writer recovers it too, and writes the bitmap back
        lab.apply(Ops.delete("id = 1"));
        IndexMetadata segment = lab.manifest().indexSection().orElseThrow().getIndices(0);
        assertThat(Lab.covered(segment)).containsExactly(0L, 1L);
        assertThat(Optional.of(segment.getName())).hasValue("id_idx");
    }
}
