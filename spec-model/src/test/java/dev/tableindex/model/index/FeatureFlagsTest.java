package dev.tableindex.model.index;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FeatureFlagsTest {
    @Test
    void knowsBitsZeroToEightAndTwelve() {
        assertThat(FeatureFlags.KNOWN).isEqualTo(0x11FFL);
        assertThat(FeatureFlags.unknownToReader(0x1FF)).isZero();
        assertThat(FeatureFlags.unknownToReader(1 << 12)).isZero();
        assertThat(FeatureFlags.unknownToReader(1 << 9)).isEqualTo(512);
        assertThat(FeatureFlags.unknownToReader(1L << 13 | 1)).isEqualTo(1L << 13);
    }

    @Test
    void theWriterRefusesUnknownBitsAndThoseItCannotMaintain() {
        assertThat(FeatureFlags.refusedByWriter(1 | 8 | 32 | 128 | 256 | 1 << 12)).isZero();
        assertThat(FeatureFlags.refusedByWriter(2)).isEqualTo(2);
        assertThat(FeatureFlags.refusedByWriter(64)).isEqualTo(64);
        assertThat(FeatureFlags.refusedByWriter(1 << 10)).isEqualTo(1024);
    }
}
