package dev.tableindex.model.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The sizing step of a batch: a batch or one tuple too large for one array is refused, never wrapped. */
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
}
