package dev.tableindex.model.index;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.proto.lance.file.Field;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.IndexFile;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.lance.table.IndexV2;
import dev.tableindex.proto.lance.table.Manifest;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Test helper: hand-made index entries and manifests. */
final class Segments {
    static final Any BTREE = Any.newBuilder().setTypeUrl(IndexTypes.BTREE_URL).build();

    private Segments() {
    }

    static UUID uuid(int n) {
        return new UUID(0x1111_0000_0000_4000L + n, 0x8000_0000_0000_0000L + n);
    }

    static ByteString bytes(UUID uuid) {
        return ByteString.copyFrom(IndexSegment.uuidToBytes(uuid));
    }

    static IndexMetadata.Builder segment(int n, String name, List<Integer> fields, long... fragments) {
        return IndexMetadata.newBuilder()
                .setUuid(dev.tableindex.proto.lance.table.UUID.newBuilder().setUuid(bytes(uuid(n))))
                .setName(name).addAllFields(fields).setDatasetVersion(3)
                .setFragmentBitmap(ByteString.copyFrom(FragmentCoverage.of(fragments).encode()))
                .setIndexDetails(BTREE).setIndexVersion(0).setCreatedAt(1000 + n)
                .addFiles(IndexFile.newBuilder().setPath("index.idx").setSizeBytes(100 + n));
    }

    /** A manifest with fields 0..fieldCount-1 and the given live fragments. */
    static ManifestFile manifest(int fieldCount, long[] fragments, long readerFlags, long writerFlags,
                                 List<IndexMetadata> legacy, List<IndexV2> v2) {
        Manifest.Builder manifest = Manifest.newBuilder().setVersion(5).setReaderFeatureFlags(readerFlags)
                .setWriterFeatureFlags(writerFlags);
        for (int i = 0; i < fieldCount; i++) {
            manifest.addFields(Field.newBuilder().setId(i).setParentId(-1).setName("c" + i).setLogicalType("int64"));
        }
        for (long id : fragments) {
            manifest.addFragments(DataFragment.newBuilder().setId(id).setPhysicalRows(10));
        }
        Optional<IndexSection> section = legacy.isEmpty() && v2.isEmpty() ? Optional.empty()
                : Optional.of(IndexSection.newBuilder().addAllIndices(legacy).addAllIndicesV2(v2).build());
        section.ifPresent(s -> manifest.setIndexSection(0));
        return ManifestFile.of(manifest.build(), section, Optional.empty());
    }
}
