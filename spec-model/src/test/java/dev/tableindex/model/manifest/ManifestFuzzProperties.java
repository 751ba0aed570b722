package dev.tableindex.model.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Damaged real manifests: whatever a truncation or bit flips do, the reader either parses the
 * file or refuses it with a {@link ManifestFormatException} that names the file and a position
 * inside it. Never another exception, never an out-of-memory, never a hang.
 */
class ManifestFuzzProperties {
    private static final List<Path> MANIFESTS = RealManifests.all();
    private static final List<byte[]> ORIGINALS = MANIFESTS.stream().map(RealManifests::bytes).toList();

    /**
     * A damaged copy of one real manifest: bytes {@code [cutFrom, cutTo)} removed (a truncation
     * when cutTo is the end, an excision that keeps the footer otherwise), then bits flipped.
     */
    record Damage(int manifest, int cutFrom, int cutTo, List<Integer> flippedBits) {
        byte[] apply() {
            byte[] original = ORIGINALS.get(manifest);
            int from = Math.min(cutFrom, original.length);
            int to = Math.max(from, Math.min(cutTo, original.length));
            byte[] damaged = new byte[original.length - (to - from)];
            System.arraycopy(original, 0, damaged, 0, from);
            System.arraycopy(original, to, damaged, from, original.length - to);
            for (int bit : flippedBits) {
                if (damaged.length > 0) {
                    int position = Math.floorMod(bit, damaged.length * 8);
                    damaged[position / 8] ^= (byte) (1 << (position % 8));
                }
            }
            return damaged;
        }
    }

    @Provide
    Arbitrary<Damage> truncations() {
        return Arbitraries.integers().between(0, ORIGINALS.size() - 1).flatMap(m -> Arbitraries
                .integers().between(0, ORIGINALS.get(m).length - 1)
                .map(length -> new Damage(m, length, Integer.MAX_VALUE, List.of())));
    }

    @Provide
    Arbitrary<Damage> excisions() {
        return Arbitraries.integers().between(0, ORIGINALS.size() - 1).flatMap(m -> {
            int bodyLength = ORIGINALS.get(m).length - ManifestFooter.SIZE;
            return Arbitraries.integers().between(0, bodyLength - 1).flatMap(from -> Arbitraries
                    .integers().between(from + 1, bodyLength)
                    .map(to -> new Damage(m, from, to, List.of())));
        });
    }

    @Provide
    Arbitrary<Damage> bitFlips() {
        return Combinators.combine(
                Arbitraries.integers().between(0, ORIGINALS.size() - 1),
                Arbitraries.integers().greaterOrEqual(0).list().ofMinSize(1).ofMaxSize(8))
                .as((m, bits) -> new Damage(m, Integer.MAX_VALUE, Integer.MAX_VALUE, bits));
    }

    @Property(tries = 2000)
    void truncatedManifestsAreRefusedWithATypedError(@ForAll("truncations") Damage damage) {
        assertReadsOrRefusesCleanly(damage);
    }

    @Property(tries = 2000)
    void manifestsWithBytesCutFromTheMiddleAreRefusedWithATypedError(@ForAll("excisions") Damage damage) {
        assertReadsOrRefusesCleanly(damage);
    }

    @Property(tries = 4000)
    void bitFlippedManifestsParseOrAreRefusedWithATypedError(@ForAll("bitFlips") Damage damage) {
        assertReadsOrRefusesCleanly(damage);
    }

    private static void assertReadsOrRefusesCleanly(Damage damage) {
        byte[] bytes = damage.apply();
        String source = MANIFESTS.get(damage.manifest()).getFileName() + "~damaged";
        try {
            ManifestFile file = ManifestReader.read(bytes, source);
            // What parses must survive a write: writing it back is a fixed point of read + write,
            // and keeps every index entry.
            byte[] written = ManifestWriter.write(file);
            ManifestFile again = ManifestReader.read(written, source);
            assertThat(ManifestWriter.write(again)).isEqualTo(written);
            assertThat(again.segments()).isEqualTo(file.segments());
            Statistics.collect("parsed");
        } catch (ManifestFormatException refused) {
            assertThat(refused.source()).isEqualTo(source);
            assertThat(refused.offset()).isBetween(-1L, (long) bytes.length);
            assertThat(refused.getMessage()).startsWith(source + ": ");
            Statistics.collect(refused.problem().name());
        }
    }
}
