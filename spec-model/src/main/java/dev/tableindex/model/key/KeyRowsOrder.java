package dev.tableindex.model.key;

import java.util.Arrays;

/**
 * The order of a {@link KeyRows}' tuples by their bytes, unsigned, a tuple that is a prefix of another first
 * ({@link Arrays#compareUnsigned(byte[], byte[])}: the order of the target BTree's Binary values), equal tuples in
 * the order they were added. Given as a permutation: {@code order[j]} is the tuple at place {@code j}; no tuple is
 * copied and no object is made per tuple.
 *
 * <p>How: a most-significant-first radix sort, 8 bytes at a time. Tuples that agree on their first {@code d} bytes
 * (a group) have their next 8 bytes read once, as one word (zero-padded, with how many of the 8 bytes they have:
 * fewer first, since a tuple that ends is before every tuple that goes on). The group is then sorted by those words
 * alone, byte by byte from the first, by stable counting passes (a byte on which the tuples all agree, as on a
 * shared prefix, costs no pass) until a part is small enough for insertion by word. Tuples that agree on all 8
 * bytes and go on form a group at {@code d + 8}. So a tuple's bytes are read once per 8 bytes it shares with
 * others, and each pass moves only the words and the permutation.
 */
public final class KeyRowsOrder {
    /** Parts of at most this many tuples are sorted by insertion. */
    private static final int INSERTION_MAX = 32;
    private static final int WORD = 8;

    private final byte[] bytes;
    private final int[] offsets;
    private final int[] order;
    private final long[] words;
    private final byte[] lengths;
    private final int[] orderSpare;
    private final long[] wordsSpare;
    private final byte[] lengthsSpare;
    /** Per byte index (0..8, 8 the length): bucket starts, then, while moving, where each bucket's next word goes. */
    private final int[][] starts = new int[WORD + 1][257];
    private final int[][] nexts = new int[WORD + 1][257];
    private int[] groups = new int[3 * 64];
    private int groupCount;

    private KeyRowsOrder(KeyRows rows) {
        int n = rows.count();
        this.bytes = rows.bytes();
        this.offsets = rows.offsets();
        this.order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        this.words = new long[n];
        this.lengths = new byte[n];
        this.orderSpare = new int[n];
        this.wordsSpare = new long[n];
        this.lengthsSpare = new byte[n];
    }

    /** The permutation that sorts {@code rows}' tuples (stable). */
    public static int[] of(KeyRows rows) {
        if (rows.count() < 2) {
            return rows.count() == 0 ? new int[0] : new int[] {0};
        }
        KeyRowsOrder sort = new KeyRowsOrder(rows);
        sort.addGroup(0, rows.count(), 0);
        while (sort.groupCount > 0) {
            int at = 3 * --sort.groupCount;
            sort.sortGroup(sort.groups[at], sort.groups[at + 1], sort.groups[at + 2]);
        }
        return sort.order;
    }

    /** Places {@code [from, to)} hold tuples that agree on their first {@code depth} bytes; sorts them. */
    private void sortGroup(int from, int to, int depth) {
        // two loops, each of independent reads, so that the memory system can serve many at once: where each
        // tuple's word starts (held in orderSpare until the words are read) and its length, then the words
        int[] starts = orderSpare;
        for (int i = from; i < to; i++) {
            int tuple = order[i];
            int start = offsets[tuple] + depth;
            starts[i] = start;
            lengths[i] = (byte) Math.min(WORD, offsets[tuple + 1] - start);
        }
        for (int i = from; i < to; i++) {
            int start = starts[i];
            int length = lengths[i];
            long word;
            if (length == WORD) {
                word = KeyBytes.getLong(bytes, start);
            } else {
                word = 0;
                for (int b = 0; b < length; b++) {
                    word |= (bytes[start + b] & 0xFFL) << (56 - 8 * b);
                }
            }
            words[i] = word;
        }
        sortByWord(from, to, 0, depth);
    }

    /**
     * Sorts places {@code [from, to)}, whose words agree on their bytes before {@code index} (0 the first), by the
     * rest of their words, then their lengths; adds each part that agrees on the whole word and goes on as a group.
     */
    private void sortByWord(int from, int to, int index, int depth) {
        if (to - from > INSERTION_MAX) {
            index = firstDifference(from, to, index);
            if (index <= WORD) {
                int[] count = starts[index];
                Arrays.fill(count, 0);
                int shift = 56 - 8 * index;
                for (int i = from; i < to; i++) {
                    count[digit(i, index, shift) + 1]++;
                }
                for (int b = 1; b < count.length; b++) {
                    count[b] += count[b - 1];
                }
                int[] next = nexts[index];
                System.arraycopy(count, 0, next, 0, count.length);
                for (int i = from; i < to; i++) {
                    int at = from + next[digit(i, index, shift)]++;
                    orderSpare[at] = order[i];
                    wordsSpare[at] = words[i];
                    lengthsSpare[at] = lengths[i];
                }
                System.arraycopy(orderSpare, from, order, from, to - from);
                System.arraycopy(wordsSpare, from, words, from, to - from);
                System.arraycopy(lengthsSpare, from, lengths, from, to - from);
                for (int b = 0; b < 256; b++) {
                    int start = from + count[b];
                    int end = from + count[b + 1];
                    if (end - start > 1) {
                        sortByWord(start, end, index + 1, depth);
                    }
                }
                return;
            }
        } else if (index <= WORD) {
            insertionSort(from, to);
        }
        for (int i = from; i < to; ) {
            int end = i + 1;
            while (end < to && words[end] == words[i] && lengths[end] == lengths[i]) {
                end++;
            }
            if (lengths[i] == WORD && end - i > 1) {
                addGroup(i, end, depth + WORD);
            }
            i = end;
        }
    }

    /**
     * The first byte index at or after {@code index} on which places {@code [from, to)} differ (8: only their lengths
     * differ), or 9 when their words and lengths are all the same.
     */
    private int firstDifference(int from, int to, int index) {
        long word = words[from];
        byte length = lengths[from];
        long differ = 0;
        boolean lengthsDiffer = false;
        for (int i = from; i < to; i++) {
            differ |= words[i] ^ word;
            lengthsDiffer |= lengths[i] != length;
        }
        differ &= index >= WORD ? 0 : -1L >>> (8 * index); // bytes before index are known to agree
        if (differ != 0) {
            return Long.numberOfLeadingZeros(differ) / 8;
        }
        return lengthsDiffer && index <= WORD ? WORD : WORD + 1;
    }

    /** Byte {@code index} of place {@code i}'s word, or at index 8 its length. */
    private int digit(int i, int index, int shift) {
        return index == WORD ? lengths[i] : (int) (words[i] >>> shift) & 0xFF;
    }

    /** Stable insertion sort of places {@code [from, to)} by word (unsigned), then length. */
    private void insertionSort(int from, int to) {
        for (int i = from + 1; i < to; i++) {
            int tuple = order[i];
            long word = words[i];
            byte length = lengths[i];
            int j = i - 1;
            while (j >= from) {
                int c = Long.compareUnsigned(words[j], word);
                if (c < 0 || c == 0 && lengths[j] <= length) {
                    break;
                }
                order[j + 1] = order[j];
                words[j + 1] = words[j];
                lengths[j + 1] = lengths[j];
                j--;
            }
            order[j + 1] = tuple;
            words[j + 1] = word;
            lengths[j + 1] = length;
        }
    }

    private void addGroup(int from, int to, int depth) {
        if (3 * groupCount + 3 > groups.length) {
            groups = Arrays.copyOf(groups, groups.length * 2);
        }
        groups[3 * groupCount] = from;
        groups[3 * groupCount + 1] = to;
        groups[3 * groupCount + 2] = depth;
        groupCount++;
    }
}
