package dev.tableindex.model.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.model.dataset.ManifestName.NamingScheme;
import org.junit.jupiter.api.Test;

/** Names from lance-source-facts.md §2.5 and lance-7.0.0-observed.md §4. */
class ManifestNameTest {
    @Test
    void v2NamesInvertTheVersionSoTheNewestSortsFirst() {
        assertThat(ManifestName.fileName(1, NamingScheme.V2)).isEqualTo("18446744073709551614.manifest");
        assertThat(ManifestName.fileName(2, NamingScheme.V2)).isEqualTo("18446744073709551613.manifest");
        assertThat(ManifestName.fileName(10, NamingScheme.V2)).isEqualTo("18446744073709551605.manifest");
        assertThat(ManifestName.parse("18446744073709551605.manifest"))
                .contains(new ManifestName(10, NamingScheme.V2, false));
    }

    @Test
    void v2NamesArePaddedTo20Digits() {
        long huge = Long.parseUnsignedLong("18446744073709551610"); // u64::MAX - 5
        assertThat(ManifestName.fileName(huge, NamingScheme.V2)).isEqualTo("00000000000000000005.manifest");
        assertThat(ManifestName.parse("00000000000000000005.manifest"))
                .contains(new ManifestName(huge, NamingScheme.V2, false));
    }

    @Test
    void v1NamesAreThePlainVersion() {
        assertThat(ManifestName.fileName(1, NamingScheme.V1)).isEqualTo("1.manifest");
        assertThat(ManifestName.parse("12.manifest")).contains(new ManifestName(12, NamingScheme.V1, false));
    }

    @Test
    void detachedNamesStartWithD() {
        assertThat(ManifestName.parse("d9223372036854775813.manifest")).hasValueSatisfying(name -> {
            assertThat(name.detached()).isTrue();
            assertThat(name.version() & ManifestName.DETACHED_VERSION_MASK).isNotZero();
        });
    }

    @Test
    void otherFilesAreNotManifests() {
        assertThat(ManifestName.parse("latest_version_hint.json")).isEmpty();
        assertThat(ManifestName.parse("_latest.manifest")).isEmpty();
        assertThat(ManifestName.parse("1.manifest-3f4a0615-aaaa")).isEmpty();
        assertThat(ManifestName.parse(".manifest")).isEmpty();
        assertThat(ManifestName.parse("99999999999999999999999.manifest")).isEmpty();
    }
}
