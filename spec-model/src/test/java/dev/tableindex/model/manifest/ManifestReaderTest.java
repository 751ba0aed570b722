package dev.tableindex.model.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Byte-level cases with offsets worked out by hand from the layout in lance-source-facts.md §2.2.
 * The smallest valid file: Manifest{version: 1} = {@code 18 01} (field 3, varint 1), so
 * {@code [02 00 00 00][18 01][footer: pos 0, 0, 2, LANC]}, 22 bytes, footer at 6.
 */
class ManifestReaderTest {
    private static final String MANIFEST_V1 = "18 01";

    private static byte[] smallest() {
        return new Bytes().u32(2).hexBytes(MANIFEST_V1).footer(0, 0, 2, "LANC").build();
    }

    private static ManifestFormatException refusal(byte[] bytes) {
        try {
            ManifestReader.read(bytes, "t.manifest");
        } catch (ManifestFormatException e) {
            return e;
        }
        throw new AssertionError("the reader accepted the file");
    }

    @Test
    void readsTheSmallestValidManifest() {
        ManifestFile file = ManifestReader.read(smallest(), "t.manifest");
        assertThat(file.version()).isEqualTo(1);
        assertThat(file.indexSection()).isEmpty();
        assertThat(file.transaction()).isEmpty();
        assertThat(file.segments()).isEmpty();
        assertThat(file.footer()).isEqualTo(new ManifestFooter(0, 0, 2));
    }

    @Test
    void refusesAFileShorterThanTheFooter() {
        ManifestFormatException e = refusal(new byte[10]);
        assertThat(e.problem()).isEqualTo(ManifestProblem.TRUNCATED);
        assertThat(e.offset()).isEqualTo(10);
        assertThat(e.getMessage()).isEqualTo("t.manifest: file has 10 bytes, fewer than the 16-byte footer at offset 10");
    }

    @Test
    void refusesAWrongMagic() {
        byte[] bytes = smallest();
        bytes[21] = 'D';
        ManifestFormatException e = refusal(bytes);
        assertThat(e.problem()).isEqualTo(ManifestProblem.BAD_MAGIC);
        assertThat(e.offset()).isEqualTo(18);
        assertThat(e.what()).contains("4c414e44");
    }

    @Test
    void refusesAnUnknownMajorVersion() {
        ManifestFormatException e = refusal(new Bytes().u32(2).hexBytes(MANIFEST_V1).footer(0, 2, 1, "LANC").build());
        assertThat(e.problem()).isEqualTo(ManifestProblem.UNSUPPORTED_VERSION);
        assertThat(e.offset()).isEqualTo(14);
        assertThat(e.what()).contains("2.1");
    }

    @Test
    void acceptsAnyMinorVersionOfMajorZero() {
        byte[] bytes = new Bytes().u32(2).hexBytes(MANIFEST_V1).footer(0, 0, 7, "LANC").build();
        assertThat(ManifestReader.read(bytes, "t").footer().minor()).isEqualTo(7);
    }

    @Test
    void refusesAFooterPositionOutsideTheFile() {
        for (long position : new long[] {3, 100, -1}) {
            ManifestFormatException e = refusal(new Bytes().u32(2).hexBytes(MANIFEST_V1).footer(position, 0, 2, "LANC").build());
            assertThat(e.problem()).isEqualTo(ManifestProblem.POSITION_OUT_OF_RANGE);
            assertThat(e.offset()).isEqualTo(6);
        }
    }

    @Test
    void refusesALengthPrefixPastTheEnd() {
        ManifestFormatException e = refusal(new Bytes().u32(0xFFFF_FFFFL).hexBytes(MANIFEST_V1).footer(0, 0, 2, "LANC").build());
        assertThat(e.problem()).isEqualTo(ManifestProblem.LENGTH_OUT_OF_RANGE);
        assertThat(e.offset()).isZero();
        assertThat(e.field()).contains("Manifest");
    }

    @Test
    void refusesAManifestThatEndsBeforeTheFooter() {
        ManifestFormatException e = refusal(new Bytes().u32(1).hexBytes(MANIFEST_V1).footer(0, 0, 2, "LANC").build());
        assertThat(e.problem()).isEqualTo(ManifestProblem.LENGTH_MISMATCH);
        assertThat(e.what()).contains("ends 1 bytes before the footer");
    }

    @Test
    void refusesInvalidProtobufNamingTheSection() {
        // 18 80: field 3 with a varint whose continuation bit promises a byte that never comes
        ManifestFormatException e = refusal(new Bytes().u32(2).hexBytes("18 80").footer(0, 0, 2, "LANC").build());
        assertThat(e.problem()).isEqualTo(ManifestProblem.INVALID_PROTOBUF);
        assertThat(e.offset()).isEqualTo(4);
        assertThat(e.field()).contains("Manifest");
    }

    @Test
    void refusesAnIndexSectionPositionPastTheManifest() {
        // Manifest{version 1, index_section 50}: 18 01 30 32
        ManifestFormatException e = refusal(new Bytes().u32(4).hexBytes("18 01 30 32").footer(0, 0, 2, "LANC").build());
        assertThat(e.problem()).isEqualTo(ManifestProblem.POSITION_OUT_OF_RANGE);
        assertThat(e.field()).contains("Manifest.index_section");
    }

    @Test
    void readsAnIndexSectionAtOffsetZeroBecausePresenceIsWhatCounts() {
        byte[] bytes = new Bytes()
                .u32(32).hexBytes("0a 1e" + indexEntry("3a300000 00000000"))
                .u32(4).hexBytes("18 02 30 00")            // Manifest{version 2, index_section 0}
                .footer(36, 0, 2, "LANC").build();
        ManifestFile file = ManifestReader.read(bytes, "t");
        assertThat(file.segments()).hasSize(1);
        IndexSegment segment = file.segments().get(0);
        assertThat(segment.uuid()).hasToString("c7f5ea52-5be9-4d27-ad53-4bd1eaf8debc");
        assertThat(segment.coverage().isKnown()).isTrue();
        assertThat(segment.coverage().fragmentIds()).contains(java.util.List.of());
        assertThat(segment.indexVersion()).isEmpty();
    }

    @Test
    void refusesABitmapThatIsNotPortableRoaringAtTheBitmapsOffset() {
        // Cookie 12346 claiming 5 containers, with no descriptions: they would start at bitmap
        // offset 8. The bitmap payload starts at file offset 4 (section) + 2 (entry tag, length)
        // + 20 (uuid field) + 2 (bitmap tag, length) = 28, so the error is at 36.
        byte[] bytes = new Bytes()
                .u32(32).hexBytes("0a 1e" + indexEntry("3a300000 05000000"))
                .u32(4).hexBytes("18 02 30 00")
                .footer(36, 0, 2, "LANC").build();
        ManifestFormatException e = refusal(bytes);
        assertThat(e.problem()).isEqualTo(ManifestProblem.INVALID_ROARING);
        assertThat(e.field()).contains("indices[0].fragment_bitmap");
        assertThat(e.offset()).isEqualTo(36);
    }

    @Test
    void refusesAUuidThatIsNot16Bytes() {
        // IndexSection{indices {uuid {uuid: 3 bytes}}}: 0a 07 | 0a 05 0a 03 01 02 03
        byte[] bytes = new Bytes()
                .u32(9).hexBytes("0a 07 0a 05 0a 03 010203")
                .u32(4).hexBytes("18 02 30 00")
                .footer(13, 0, 2, "LANC").build();
        ManifestFormatException e = refusal(bytes);
        assertThat(e.problem()).isEqualTo(ManifestProblem.INVALID_FIELD);
        assertThat(e.field()).contains("indices[0].uuid");
        assertThat(e.offset()).isEqualTo(8); // payload of the uuid field: 4 + 2 + 2
    }

    @Test
    void refusesASectionPositionNearLongMaxWithoutOverflowing() {
        for (long position : new long[] {Long.MAX_VALUE, Long.MAX_VALUE - 1, Long.MAX_VALUE - 2, Long.MAX_VALUE - 3}) {
            com.google.protobuf.ByteString manifest = dev.tableindex.proto.lance.table.Manifest.newBuilder()
                    .setVersion(1).setIndexSection(position).build().toByteString();
            ManifestFormatException e = refusal(new Bytes().u32(manifest.size()).raw(manifest.toByteArray())
                    .footer(0, 0, 2, "LANC").build());
            assertThat(e.problem()).as(Long.toString(position)).isEqualTo(ManifestProblem.POSITION_OUT_OF_RANGE);
        }
    }

    @Test
    void readsEightyThousandIndexEntries() {
        // each entry's site used to be found by walking the section from its start: quadratic, 32 s for these
        var section = dev.tableindex.proto.lance.table.IndexSection.newBuilder();
        for (int i = 0; i < 80_000; i++) {
            java.nio.ByteBuffer uuid = java.nio.ByteBuffer.allocate(16).putLong(0x1234L).putLong(i);
            section.addIndices(dev.tableindex.proto.lance.table.IndexMetadata.newBuilder()
                    .setUuid(dev.tableindex.proto.lance.table.UUID.newBuilder()
                            .setUuid(com.google.protobuf.ByteString.copyFrom(uuid.array())))
                    .setName("idx" + i).setDatasetVersion(1));
        }
        ManifestFile file = ManifestFile.of(dev.tableindex.proto.lance.table.Manifest.newBuilder().setVersion(2).build(),
                java.util.Optional.of(section.build()), java.util.Optional.empty());
        assertThat(ManifestReader.read(ManifestWriter.write(file), "t").segments()).hasSize(80_000);
    }

    /** IndexMetadata{uuid c7f5ea52-…, fragment_bitmap: the given 8 bytes}: 30 bytes. */
    private static String indexEntry(String bitmap8Bytes) {
        return "0a 12 0a 10 c7f5ea52 5be94d27 ad534bd1 eaf8debc" + "2a 08" + bitmap8Bytes;
    }
}
