package dev.tableindex.model.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import dev.tableindex.proto.lance.table.IndexFile;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.lance.table.Manifest;
import dev.tableindex.proto.lance.table.Transaction;
import dev.tableindex.proto.lance.table.UUID;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ManifestWriterTest {
    private static final IndexMetadata BTREE = IndexMetadata.newBuilder()
            .setUuid(UUID.newBuilder().setUuid(ByteString.copyFrom(Bytes.hex("c7f5ea525be94d27ad534bd1eaf8debc"))))
            .addFields(0).setName("id_idx").setDatasetVersion(1)
            .setFragmentBitmap(ByteString.copyFrom(FragmentCoverage.of().encode()))
            .setIndexDetails(Any.newBuilder().setTypeUrl("/lance.table.BTreeIndexDetails"))
            .setIndexVersion(0).setCreatedAt(1796015242488L)
            .addFiles(IndexFile.newBuilder().setPath("page_lookup.lance").setSizeBytes(475))
            .build();

    @Test
    void writesSectionsInLanceOrderAndPointsTheManifestAtThem() {
        Transaction transaction = Transaction.newBuilder().setReadVersion(1).setUuid("t")
                .setCreateIndex(Transaction.CreateIndex.newBuilder().addNewIndices(BTREE)).build();
        ManifestFile file = ManifestFile.of(Manifest.newBuilder().setVersion(2).build(),
                Optional.of(IndexSection.newBuilder().addIndices(BTREE).build()), Optional.of(transaction));

        byte[] bytes = ManifestWriter.write(file);
        ManifestFile read = ManifestReader.read(bytes, "w");

        int indexLength = IndexSection.newBuilder().addIndices(BTREE).build().getSerializedSize();
        assertThat(read.manifest().hasIndexSection()).isTrue();
        assertThat(read.manifest().getIndexSection()).isZero();
        assertThat(read.manifest().getTransactionSection()).isEqualTo(4 + indexLength);
        assertThat(read.footer().manifestPosition()).isEqualTo(4 + indexLength + 4 + transaction.getSerializedSize());
        assertThat(read.indexSection()).contains(file.indexSection().get());
        assertThat(read.transaction()).contains(transaction);
        assertThat(ManifestWriter.write(read)).isEqualTo(bytes);
    }

    @Test
    void aVersionWithoutIndexesHasNoIndexSectionField() {
        Manifest stale = Manifest.newBuilder().setVersion(3).setIndexSection(0).setTransactionSection(99).build();
        ManifestFile read = ManifestReader.read(
                ManifestWriter.write(ManifestFile.of(stale, Optional.empty(), Optional.empty())), "w");
        assertThat(read.manifest().hasIndexSection()).isFalse();
        assertThat(read.manifest().hasTransactionSection()).isFalse();
    }

    @Test
    void keepsFieldsThisModelDoesNotKnow() {
        // field 99 (unknown to our proto) with varint 7: survives a read and a write
        Manifest withUnknown = Manifest.newBuilder().setVersion(1)
                .setUnknownFields(com.google.protobuf.UnknownFieldSet.newBuilder()
                        .addField(99, com.google.protobuf.UnknownFieldSet.Field.newBuilder().addVarint(7).build())
                        .build())
                .build();
        byte[] bytes = ManifestWriter.write(ManifestFile.of(withUnknown, Optional.empty(), Optional.empty()));
        assertThat(ManifestWriter.write(ManifestReader.read(bytes, "w"))).isEqualTo(bytes);
        assertThat(ManifestReader.read(bytes, "w").manifest().getUnknownFields().hasField(99)).isTrue();
    }
}
