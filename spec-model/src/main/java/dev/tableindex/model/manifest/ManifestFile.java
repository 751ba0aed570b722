package dev.tableindex.model.manifest;

import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.lance.table.Manifest;
import dev.tableindex.proto.lance.table.Transaction;
import java.util.List;
import java.util.Optional;

/**
 * One manifest file: the Manifest, the optional IndexSection and Transaction it embeds, and
 * its footer version; plus the index entries decoded and checked. Build one with
 * {@link #of} (the index entries are then decoded and checked too) or read one with
 * {@link ManifestReader}.
 */
public record ManifestFile(
        Manifest manifest,
        Optional<IndexSection> indexSection,
        Optional<Transaction> transaction,
        ManifestFooter footer,
        List<IndexSegment> segments,
        List<IndexV2Entry> topLevelIndexes) {

    public ManifestFile {
        segments = List.copyOf(segments);
        topLevelIndexes = List.copyOf(topLevelIndexes);
    }

    /** A manifest file to write, with Lance's default footer version (0.2). */
    public static ManifestFile of(Manifest manifest, Optional<IndexSection> indexSection,
                                  Optional<Transaction> transaction) {
        return decodeIndexes(manifest, indexSection, transaction, ManifestFooter.LANCE_DEFAULT_VERSION,
                FieldSite.inMemory("<in-memory manifest>"));
    }

    static ManifestFile decodeIndexes(Manifest manifest, Optional<IndexSection> indexSection,
                                      Optional<Transaction> transaction, ManifestFooter footer, FieldSite sectionSite) {
        IndexSection section = indexSection.orElse(IndexSection.getDefaultInstance());
        List<IndexSegment> segments = new java.util.ArrayList<>();
        for (int i = 0; i < section.getIndicesCount(); i++) {
            segments.add(IndexSegment.decode(section.getIndices(i), "indices[" + i + "]", sectionSite.child(1, i)));
        }
        List<IndexV2Entry> topLevel = new java.util.ArrayList<>();
        for (int i = 0; i < section.getIndicesV2Count(); i++) {
            topLevel.add(IndexV2Entry.decode(section.getIndicesV2(i), "indices_v2[" + i + "]", sectionSite.child(2, i)));
        }
        return new ManifestFile(manifest, indexSection, transaction, footer, segments, topLevel);
    }

    public long version() {
        return manifest.getVersion();
    }
}
