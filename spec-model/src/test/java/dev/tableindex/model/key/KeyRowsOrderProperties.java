package dev.tableindex.model.key;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@link KeyRowsOrder} is a stable sort by unsigned bytes: the same permutation as sorting tuple numbers with
 * {@link Arrays#compareUnsigned(byte[], byte[])} and ties by number. Tuples share long prefixes (so groups are
 * sorted again word after word), have lengths at every word edge, end inside a word where others go on with zero
 * bytes, and repeat; groups are large enough for the radix passes and small enough for insertion.
 */
class KeyRowsOrderProperties {

    @Provide
    Arbitrary<List<byte[]>> tuples() {
        Arbitrary<byte[]> prefix = Arbitraries.of(new byte[0], new byte[] {2, 'l', 'a', 'b', 'e', 'l', '-'},
                new byte[16], bytes(0x7F, 19), bytes(0xFF, 8));
        Arbitrary<byte[]> tail = Arbitraries.bytes().between((byte) -2, (byte) 2).array(byte[].class).ofMaxSize(18);
        Arbitrary<byte[]> tuple = net.jqwik.api.Combinators.combine(prefix, tail).as(KeyRowsOrderProperties::concat);
        return tuple.list().ofMaxSize(400);
    }

    @Property(tries = 400)
    void theOrderIsAStableSortByUnsignedBytes(@ForAll("tuples") List<byte[]> tuples) {
        KeyRows rows = rowsOf(tuples);
        int[] expected = IntStream.range(0, tuples.size()).boxed()
                .sorted(Comparator.<Integer, byte[]>comparing(tuples::get, Arrays::compareUnsigned).thenComparing(i -> i))
                .mapToInt(Integer::intValue).toArray();
        assertThat(KeyRowsOrder.of(rows)).containsExactly(expected);
    }

    @Test
    void manyEqualTuplesKeepTheirOrderAndNoneAreLost() {
        List<byte[]> tuples = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            tuples.add(concat(bytes(0x41, 40), new byte[] {(byte) (i % 3)}));
        }
        int[] order = KeyRowsOrder.of(rowsOf(tuples));
        for (int j = 1; j < order.length; j++) {
            int c = Arrays.compareUnsigned(tuples.get(order[j - 1]), tuples.get(order[j]));
            assertThat(c < 0 || c == 0 && order[j - 1] < order[j]).as("places %d and %d", j - 1, j).isTrue();
        }
        assertThat(Arrays.stream(order).sorted().toArray()).containsExactly(IntStream.range(0, 10_000).toArray());
    }

    @Test
    void noTuplesAndOneTuple() {
        assertThat(KeyRowsOrder.of(new KeyRows())).isEmpty();
        assertThat(KeyRowsOrder.of(rowsOf(List.of(new byte[] {5})))).containsExactly(0);
    }

    @Property(tries = 200)
    void appendedBatchesHoldEveryTupleInOrder(@ForAll("tuples") List<byte[]> tuples) {
        KeyRows all = new KeyRows();
        KeyRows batch = new KeyRows();
        for (int from = 0; from < tuples.size(); from += 7) {
            batch.append(rowsOf(tuples.subList(from, Math.min(tuples.size(), from + 7))));
            all.append(batch);
            batch.clear();
        }
        assertThat(all.count()).isEqualTo(tuples.size());
        for (int i = 0; i < tuples.size(); i++) {
            assertThat(all.row(i)).containsExactly(tuples.get(i));
        }
    }

    /** The tuples as one batch, written as an encoder writes them (lengths, then starts, then bytes). */
    static KeyRows rowsOf(List<byte[]> tuples) {
        KeyRows rows = new KeyRows();
        int[] cursors = rows.lengthsFor(tuples.size(), 0);
        for (int i = 0; i < tuples.size(); i++) {
            cursors[i + 1] = tuples.get(i).length;
        }
        byte[] out = rows.startRows();
        for (int i = 0; i < tuples.size(); i++) {
            byte[] t = tuples.get(i);
            System.arraycopy(t, 0, out, cursors[i + 1], t.length);
            cursors[i + 1] += t.length;
        }
        return rows;
    }

    private static byte[] bytes(int value, int count) {
        byte[] b = new byte[count];
        Arrays.fill(b, (byte) value);
        return b;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
