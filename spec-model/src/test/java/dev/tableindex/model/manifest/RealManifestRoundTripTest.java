package dev.tableindex.model.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Reading a manifest a real writer wrote and writing it back gives the same bytes. */
class RealManifestRoundTripTest {
    static Stream<Path> realManifests() {
        return RealManifests.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("realManifests")
    void writingBackGivesIdenticalBytes(Path manifest) {
        byte[] original = RealManifests.bytes(manifest);
        assertThat(ManifestWriter.write(ManifestReader.read(original, manifest.toString()))).isEqualTo(original);
    }
}
