package dev.tableindex.model.manifest;

import static dev.tableindex.model.manifest.Bytes.hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Byte strings from lance-7.0.0-observed.md §4 (what 7.0.0 wrote) and the portable Roaring spec. */
class FragmentCoverageTest {
    @Test
    void emptyBytesMeanUnknownCoverage() throws Exception {
        FragmentCoverage coverage = FragmentCoverage.decode(new byte[0]);
        assertThat(coverage.isKnown()).isFalse();
        assertThat(coverage.fragmentIds()).isEmpty();
        assertThat(coverage.encode()).isEmpty();
    }

    @Test
    void anEmptyBitmapMeansCoversNothing() throws Exception {
        FragmentCoverage coverage = FragmentCoverage.decode(hex("3a300000 00000000"));
        assertThat(coverage.isKnown()).isTrue();
        assertThat(coverage.fragmentIds()).contains(List.of());
        assertThat(coverage).isNotEqualTo(FragmentCoverage.unknown());
        assertThat(FragmentCoverage.of().encode()).isEqualTo(hex("3a300000 00000000"));
    }

    @Test
    void encodesAsLance700Wrote() {
        assertThat(FragmentCoverage.of(0, 1).encode())
                .isEqualTo(hex("3a300000 01000000 0000 0100 10000000 0000 0100"));
        assertThat(FragmentCoverage.of(0, 1, 2).encode())
                .isEqualTo(hex("3a300000 01000000 0000 0200 10000000 0000 0100 0200"));
    }

    @Test
    void decodesRunContainersThatNewerWritersMayEmit() throws Exception {
        // cookie 12347 | (1-1)<<16, run flags 01, key 0 card-1 9, no offsets (< 4 containers),
        // one run: start 3, length-1 9 -> fragments 3..12
        FragmentCoverage coverage = FragmentCoverage.decode(hex("3b300000 01 0000 0900 0100 0300 0900"));
        assertThat(coverage.fragmentIds()).contains(List.of(3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L));
    }

    @Test
    void keepsFragmentIdsAbove2To31Unsigned() throws Exception {
        FragmentCoverage coverage = FragmentCoverage.of(0xFFFF_FFFEL);
        assertThat(FragmentCoverage.decode(coverage.encode()).fragmentIds()).contains(List.of(0xFFFF_FFFEL));
    }

    @Test
    void refusesTrailingBytes() {
        assertThatThrownBy(() -> FragmentCoverage.decode(hex("3a300000 00000000 00")))
                .isInstanceOf(PortableRoaring.InvalidBitmap.class)
                .hasMessage("1 trailing bytes after the last container");
    }

    @Test
    void refusesAnUnknownCookie() {
        assertThatThrownBy(() -> FragmentCoverage.decode(hex("01020304 00000000")))
                .isInstanceOf(PortableRoaring.InvalidBitmap.class)
                .hasMessageContaining("unknown Roaring cookie");
    }

    @Test
    void refusesAHugeContainerCountWithoutAllocatingForIt() {
        assertThatThrownBy(() -> FragmentCoverage.decode(hex("3a300000 ffffff7f")))
                .isInstanceOf(PortableRoaring.InvalidBitmap.class)
                .hasMessageContaining("container count");
    }

    @Test
    void refusesKeysOutOfOrder() {
        // two array containers with keys 1 then 0
        assertThatThrownBy(() -> FragmentCoverage.decode(hex(
                "3a300000 02000000 0100 0000 0000 0000 18000000 1a000000 0500 0700")))
                .isInstanceOf(PortableRoaring.InvalidBitmap.class)
                .hasMessage("container keys are not strictly increasing");
    }

    @Test
    void refusesUnsortedValuesInsideAContainer() {
        // one array container, key 0, cardinality 2, values 7 then 5
        assertThatThrownBy(() -> FragmentCoverage.decode(hex("3a300000 01000000 0000 0100 10000000 0700 0500")))
                .isInstanceOf(PortableRoaring.InvalidBitmap.class);
    }

    @Test
    void runContainersCoveringBillionsOfIdsAreCountedAndPrintedAsRangesNotMaterialized() throws Exception {
        org.roaringbitmap.RoaringBitmap all = new org.roaringbitmap.RoaringBitmap();
        all.add(0L, 1L << 32);
        all.runOptimize();
        FragmentCoverage everything = FragmentCoverage.decode(PortableRoaring.encode(all));
        assertThat(everything.count()).isEqualTo(1L << 32);
        assertThat(everything.ranges()).singleElement().satisfies(r -> assertThat(r).containsExactly(0L, 0xFFFF_FFFFL));
        org.assertj.core.api.Assertions.assertThatThrownBy(everything::fragmentIds).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("4294967296");

        org.roaringbitmap.RoaringBitmap half = new org.roaringbitmap.RoaringBitmap();
        half.add(0L, 1L << 31);
        half.add(0xFFFF_FFF0L, 0xFFFF_FFFAL);
        half.runOptimize();
        FragmentCoverage twoRuns = FragmentCoverage.decode(PortableRoaring.encode(half));
        assertThat(twoRuns.count()).isEqualTo((1L << 31) + 10);
        assertThat(twoRuns.ranges()).hasSize(2);
        assertThat(twoRuns.ranges().get(1)).containsExactly(0xFFFF_FFF0L, 0xFFFF_FFF9L);
        assertThat(twoRuns.toString()).isEqualTo("[0..2147483647, 4294967280..4294967289]");
    }
}
