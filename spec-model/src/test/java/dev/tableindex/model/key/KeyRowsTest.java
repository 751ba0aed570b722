package dev.tableindex.model.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The sizing step of a batch: a batch or one tuple too large for one array is refused, never wrapped; and collecting
 * batches, whole or a range of their tuples at a time.
 */
class KeyRowsTest {

    @Test
    void aTupleWhoseLengthOverflowedIsRefusedNotWrapped() {
        KeyRows rows = new KeyRows();
        int[] lengths = rows.lengthsFor(3, 0);
        lengths[1] = 10;
        // two keys near MAX_VALUE_LENGTH: the tuple's int sum wrapped to a negative length
        lengths[2] = KeyBytes.MAX_VALUE_LENGTH + KeyBytes.MAX_VALUE_LENGTH;
        lengths[3] = 10;
        assertThatThrownBy(rows::startRows).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a key tuple of this batch takes more bytes than one array holds");
        assertThat(rows.count()).isZero();
    }

    @Test
    void aBatchTooLargeForOneArrayIsRefused() {
        KeyRows rows = new KeyRows();
        int[] lengths = rows.lengthsFor(2, 0);
        lengths[1] = Integer.MAX_VALUE - 100;
        lengths[2] = 200;
        assertThatThrownBy(rows::startRows).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a batch of 2 key tuples takes " + (Integer.MAX_VALUE + 100L) + " bytes");
    }

    @Test
    void aRangeOfABatchIsAppendedWithItsOffsetsMovedToWhereItLands() {
        // a batch of three tuples: AA, BBB, C (bytes 0-1, 2-4, 5)
        KeyRows batch = new KeyRows();
        int[] lengths = batch.lengthsFor(3, 0);
        lengths[1] = 2;
        lengths[2] = 3;
        lengths[3] = 1;
        byte[] into = batch.startRows();
        System.arraycopy(new byte[] {'A', 'A', 'B', 'B', 'B', 'C'}, 0, into, 0, 6);
        // as an encoder does, each tuple's start (at [i + 1], the lengths array being the offsets) advanced to its end
        int[] tupleLengths = {2, 3, 1};
        for (int i = 0; i < 3; i++) {
            batch.offsets()[i + 1] += tupleLengths[i];
        }
        KeyRows rows = new KeyRows().reserve(3, 4);
        rows.append(batch, 1, 3).append(batch, 0, 0).append(batch, 2, 3);
        assertThat(rows.count()).isEqualTo(3);
        assertThat(new String(rows.row(0))).isEqualTo("BBB");
        assertThat(new String(rows.row(1))).isEqualTo("C");
        assertThat(new String(rows.row(2))).isEqualTo("C");
        assertThat(rows.size()).isEqualTo(5);
        assertThatThrownBy(() -> rows.append(batch, 2, 4)).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
