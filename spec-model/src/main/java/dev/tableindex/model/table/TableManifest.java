package dev.tableindex.model.table;

import com.google.protobuf.Timestamp;
import dev.tableindex.model.index.FeatureFlags;
import dev.tableindex.model.index.IndexV2Projection;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.lance.table.IndexV2;
import dev.tableindex.proto.lance.table.Manifest;
import dev.tableindex.proto.lance.table.Transaction;
import java.util.List;
import java.util.Optional;

/**
 * The Lance manifest of a table version (pure): schema, fragments, flags, the transaction embedded
 * and named, and the index section written twice — legacy IndexMetadata and IndexV2 projected from
 * it — unless the table carries writer flag 1&lt;&lt;12, then IndexV2 only.
 */
public final class TableManifest {
    private TableManifest() {
    }

    public static String transactionFileName(Transaction transaction) {
        return transaction.getReadVersion() + "-" + transaction.getUuid() + ".txn";
    }

    public static DataFragment dataFragment(Fragment fragment) {
        DataFragment.Builder proto = DataFragment.newBuilder().setId(fragment.id()).addFiles(fragment.dataFile())
                .setPhysicalRows(fragment.physicalRows());
        fragment.deletionFile().ifPresent(proto::setDeletionFile);
        return proto.build();
    }

    /**
     * Reader flags: deletion files present, covering index fields declared, mixed data file versions
     * carried (one-way; the writer flags hold the same bit).
     */
    public static long readerFlags(TableVersion table) {
        long flags = table.mixedDataFileVersions() ? FeatureFlags.MIXED_DATA_FILE_VERSIONS : 0;
        if (table.fragments().stream().anyMatch(f -> f.deletionFile().isPresent())) {
            flags |= FeatureFlags.DELETION_FILES;
        }
        if (table.indexes().stream().anyMatch(i -> i.getCoveringFieldsCount() > 0)) {
            flags |= FeatureFlags.COVERING_INDEX_FIELDS;
        }
        return flags;
    }

    public static long writerFlags(TableVersion table) {
        return readerFlags(table) | (table.legacyIndexMetadataDropped() ? FeatureFlags.LEGACY_INDEX_METADATA_DROPPED : 0);
    }

    public static List<IndexV2> indexesV2(TableVersion table) {
        return IndexV2Projection.toV2(table.indexes(), name -> Optional.ofNullable(table.indexIds().get(name)));
    }

    public static ManifestFile build(TableVersion table, Transaction transaction, long timestampMillis) {
        Manifest.Builder manifest = Manifest.newBuilder()
                .addAllFields(table.schema().fields())
                .addAllFragments(table.fragments().stream().map(TableManifest::dataFragment).toList())
                .setVersion(table.version())
                .setWriterVersion(Manifest.WriterVersion.newBuilder().setLibrary(TableEnvironment.WRITER_LIBRARY)
                        .setVersion(TableEnvironment.WRITER_VERSION))
                .setTimestamp(Timestamp.newBuilder().setSeconds(Math.floorDiv(timestampMillis, 1000))
                        .setNanos((int) Math.floorMod(timestampMillis, 1000) * 1_000_000))
                .setReaderFeatureFlags(readerFlags(table))
                .setWriterFeatureFlags(writerFlags(table))
                .setTransactionFile(transactionFileName(transaction))
                .setDataFormat(Manifest.DataStorageFormat.newBuilder().setFileFormat("lance").setVersion("2.1"));
        table.maxFragmentId().ifPresent(max -> manifest.setMaxFragmentId((int) max));
        Optional<IndexSection> section = Optional.empty();
        if (!table.indexes().isEmpty()) {
            section = Optional.of(IndexSection.newBuilder()
                    .addAllIndices(table.legacyIndexMetadataDropped() ? List.of() : table.indexes())
                    .addAllIndicesV2(indexesV2(table)).build());
            manifest.setIndexSection(0); // the writer puts the real position
        }
        return ManifestFile.of(manifest.build(), section, Optional.of(transaction));
    }
}
