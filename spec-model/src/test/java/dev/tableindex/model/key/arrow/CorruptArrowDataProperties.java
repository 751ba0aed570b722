package dev.tableindex.model.key.arrow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.model.key.KeyRows;
import dev.tableindex.model.key.KeyWriter;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Arrow buffers that contradict their layout give an {@link ArrowDataException} naming the field and the
 * row, never a crash, an out-of-bounds read or garbage bytes: offsets that decrease, offsets past the data
 * buffer, a negative first offset, views naming a missing buffer or bytes past one.
 */
class CorruptArrowDataProperties {
    private static final int ROWS = 40;

    @Property(tries = 100)
    void decreasingOffsetsAreRefused(@ForAll long seed, @ForAll @IntRange(min = 0, max = ROWS - 1) int row,
            @ForAll @IntRange(min = 1, max = 1000) int by, @ForAll boolean large) {
        withStruct(seed, struct -> {
            String field = large ? "ls" : "s";
            setOffset(struct, field, row + 1, offset(struct, field, row) - by);
            assertRefused(struct, field, "offsets decrease at row " + row);
            assertRowRefused(struct, field, row, "offsets decrease at row " + row);
        });
    }

    @Property(tries = 100)
    void offsetsPastTheDataBufferAreRefused(@ForAll long seed, @ForAll @IntRange(min = 1, max = 1 << 20) int by,
            @ForAll boolean large) {
        withStruct(seed, struct -> {
            String field = large ? "ls" : "s";
            long capacity = struct.getChild(field).getDataBuffer().capacity();
            setOffset(struct, field, ROWS, capacity + by);
            assertRefused(struct, field, "row " + (ROWS - 1) + " ends at offset " + (capacity + by) + ", past the end");
            assertRowRefused(struct, field, ROWS - 1, "row " + (ROWS - 1) + " ends at offset " + (capacity + by));
        });
    }

    @Example
    void aNegativeFirstOffsetIsRefused() {
        withStruct(7, struct -> {
            setOffset(struct, "s", 0, -8);
            assertRefused(struct, "s", "row 0 starts at offset -8");
            assertRowRefused(struct, "s", 0, "row 0 starts at offset -8");
        });
    }

    @Property(tries = 50)
    void viewsOutsideTheirBuffersAreRefused(@ForAll long seed, @ForAll @IntRange(min = 0, max = ROWS - 1) int row,
            @ForAll boolean badIndex) {
        withStruct(seed, struct -> {
            BaseVariableWidthViewVector views = (BaseVariableWidthViewVector) struct.getChild("vs");
            struct.setIndexDefined(row);
            views.setSafe(row, new byte[20]); // a long value: the view points into a data buffer
            ArrowBuf view = views.getDataBuffer();
            long at = (long) row * BaseVariableWidthViewVector.ELEMENT_SIZE;
            if (badIndex) {
                view.setInt(at + 8, views.getDataBuffers().size());
                assertRefused(struct, "vs", "row " + row + "'s view names data buffer");
                assertRowRefused(struct, "vs", row, "row " + row + "'s view names data buffer");
            } else {
                view.setInt(at + 12, (int) views.getDataBuffers().get(view.getInt(at + 8)).capacity() - 4);
                assertRefused(struct, "vs", "row " + row + "'s view reads bytes");
                assertRowRefused(struct, "vs", row, "row " + row + "'s view reads bytes");
            }
        });
    }

    @Example
    void rowsOutsideTheStructAreRefused() {
        withStruct(3, struct -> {
            StructKeyEncoder encoder = new StructKeyEncoder(struct, List.of("s"));
            assertThatThrownBy(() -> encoder.encodeBatch(ROWS - 2, 3, new KeyRows()))
                    .isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("which has " + ROWS);
            assertThatThrownBy(() -> encoder.encodeRow(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        });
    }

    private static void assertRefused(StructVector struct, String field, String message) {
        StructKeyEncoder encoder = new StructKeyEncoder(struct, List.of("i32", field));
        KeyRows rows = new KeyRows();
        assertThatThrownBy(() -> encoder.encodeBatch(0, ROWS, rows))
                .isInstanceOf(ArrowDataException.class)
                .hasMessageStartingWith("field '" + field + "': ")
                .hasMessageContaining(message);
        assertThat(rows.count()).as("no half-written tuples are left").isZero();
    }

    /** encodeRow of the bad row refuses it the same way, and leaves the writer as it was. */
    private static void assertRowRefused(StructVector struct, String field, int row, String message) {
        StructKeyEncoder encoder = new StructKeyEncoder(struct, List.of("i32", field));
        KeyWriter out = new KeyWriter();
        out.writeBool(true);
        assertThatThrownBy(() -> encoder.encodeRow(row, out))
                .isInstanceOf(ArrowDataException.class)
                .hasMessageStartingWith("field '" + field + "': ")
                .hasMessageContaining(message);
        assertThat(out.toByteArray()).as("the tuple's bytes are taken back").containsExactly(1, 1);
    }

    private static long offset(StructVector struct, String field, int index) {
        var vector = struct.getChild(field);
        return vector instanceof BaseLargeVariableWidthVector v ? v.getOffsetBuffer().getLong(index * 8L)
                : ((BaseVariableWidthVector) vector).getOffsetBuffer().getInt(index * 4L);
    }

    private static void setOffset(StructVector struct, String field, int index, long value) {
        var vector = struct.getChild(field);
        if (vector instanceof BaseLargeVariableWidthVector v) {
            v.getOffsetBuffer().setLong(index * 8L, value);
        } else {
            ((BaseVariableWidthVector) vector).getOffsetBuffer().setInt(index * 4L, (int) value);
        }
    }

    private static void withStruct(long seed, java.util.function.Consumer<StructVector> test) {
        try (BufferAllocator allocator = new RootAllocator();
                StructVector struct = ArrowKeyFixtures.newStruct(allocator)) {
            ArrowKeyFixtures.fill(struct, ROWS, new Random(seed), 40);
            test.accept(struct);
        }
    }
}
