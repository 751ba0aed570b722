package dev.tableindex.model.lancefile;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Any;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import dev.tableindex.proto.lance.encodings21.PageLayout;
import dev.tableindex.proto.lance.file.v2.ColumnMetadata;
import dev.tableindex.proto.lance.file.v2.DirectEncoding;
import dev.tableindex.proto.lance.file.v2.Encoding;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Damaged real v2.1 files (the four golden BTree files Lance 7.0.0 wrote: mini-block chunks, definition levels,
 * flat, variable, run-length, dictionary and bitpacked pages) are decoded or refused with a
 * {@link LanceFileFormatException} naming the file: bit flips, truncations, and any number of a page's description
 * (counts, widths, buffer offsets and sizes) made huge. Never another exception, never an allocation sized by the
 * damaged number (the decoder checks lengths against the bytes there and its ceilings first), never a hang.
 * engines/lance LanceV21FilesAgainstLanceTest damages files of every other encoding Lance writes the same way.
 */
class LanceV21FuzzProperties {
    static final List<String> NAMES = List.of("btree-binary/page_data.lance", "btree-binary/page_lookup.lance",
            "btree-binary-many/page_data.lance", "btree-binary-many/page_lookup.lance");
    static final List<byte[]> FILES = NAMES.stream().map(name -> {
        try {
            return Files.readAllBytes(RealLanceIndexFilesTest.CASES.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }).toList();

    @Property(tries = 1500)
    void flippedBitsAndTruncationsAreDecodedOrRefused(@ForAll("damaged") byte[] damaged) {
        assertDecodesOrRefuses(damaged);
    }

    @Provide
    Arbitrary<byte[]> damaged() {
        return Arbitraries.integers().between(0, FILES.size() - 1).flatMap(f -> {
            byte[] original = FILES.get(f);
            Arbitrary<byte[]> cut = Arbitraries.integers().between(0, original.length - 1)
                    .map(length -> Arrays.copyOf(original, length));
            Arbitrary<byte[]> flipped = Arbitraries.integers().between(0, original.length * 8 - 1).list()
                    .ofMinSize(1).ofMaxSize(6).map(bits -> {
                        byte[] copy = original.clone();
                        bits.forEach(bit -> copy[bit / 8] ^= (byte) (1 << (bit % 8)));
                        return copy;
                    });
            return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(1, cut), net.jqwik.api.Tuple.of(4, flipped));
        });
    }

    /** One number of one page's column metadata or page layout (found by walking the messages) made huge or odd. */
    @Property(tries = 1500)
    void anyNumberOfAPageDescriptionMadeHugeIsDecodedOrRefused(@ForAll("files") int file, @ForAll("sites") int site,
                                                               @ForAll("numbers") long value) {
        byte[] original = FILES.get(file);
        LanceFileReader.Layout layout = LanceFileReader.layout(original, "f");
        int column = site % layout.columnSpans().length;
        ColumnMetadata metadata = columnMetadata(original, layout, column);
        ColumnMetadata.Page page = metadata.getPages(0);
        PageLayout pageLayout = pageLayout(page);
        int sites = numbers(page.toBuilder().clearEncoding().build()) + numbers(pageLayout);
        int chosen = site % sites;
        int pageSites = numbers(page.toBuilder().clearEncoding().build());
        ColumnMetadata.Page damaged;
        if (chosen < pageSites) {
            Message changed = setNumber(page.toBuilder().clearEncoding().build(), chosen, value);
            damaged = ((ColumnMetadata.Page) changed).toBuilder().setEncoding(page.getEncoding()).build();
        } else {
            PageLayout changed = (PageLayout) setNumber(pageLayout, chosen - pageSites, value);
            damaged = page.toBuilder().setEncoding(encoding(changed)).build();
        }
        assertDecodesOrRefuses(withColumnMetadata(original, layout, column,
                metadata.toBuilder().setPages(0, damaged).build()));
    }

    @Provide
    Arbitrary<Integer> files() {
        return Arbitraries.integers().between(0, FILES.size() - 1);
    }

    @Provide
    Arbitrary<Integer> sites() {
        return Arbitraries.integers().between(0, 10_000);
    }

    @Provide
    Arbitrary<Long> numbers() {
        return Arbitraries.oneOf(Arbitraries.of(-1L, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 32, 0xFFFF_FFFFL, 1L << 31,
                (1L << 31) - 1, 1L << 22, (1L << 22) + 1, 1L << 28, 0L, 1L, 2L, 3L, 7L, 9L, 17L, 63L, 65L, 128L, 4097L),
                Arbitraries.longs());
    }

    private static void assertDecodesOrRefuses(byte[] bytes) {
        try {
            LanceFileReader.read(bytes, "damaged.lance");
        } catch (LanceFileFormatException e) {
            assertThat(e.source()).isEqualTo("damaged.lance");
            assertThat(e.getMessage()).startsWith("damaged.lance: ").doesNotContain("\n");
        }
    }

    private static ColumnMetadata columnMetadata(byte[] file, LanceFileReader.Layout layout, int column) {
        long[] span = layout.columnSpans()[column];
        try {
            return ColumnMetadata.parseFrom(ByteBuffer.wrap(file, (int) span[0], (int) span[1]));
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    private static PageLayout pageLayout(ColumnMetadata.Page page) {
        try {
            return PageLayout.parseFrom(Any.parseFrom(page.getEncoding().getDirect().getEncoding()).getValue());
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Encoding encoding(PageLayout layout) {
        Any any = Any.newBuilder().setTypeUrl("/lance.encodings21.PageLayout").setValue(layout.toByteString()).build();
        return Encoding.newBuilder().setDirect(DirectEncoding.newBuilder().setEncoding(any.toByteString())).build();
    }

    /** How many integer values (set scalars and repeated elements) the message tree holds. */
    static int numbers(Message message) {
        AtomicInteger count = new AtomicInteger();
        walk(message.toBuilder(), -1, 0, count);
        return count.get();
    }

    /** The message with its {@code index}-th integer value (in {@link #numbers} order) set to {@code value}. */
    static Message setNumber(Message message, int index, long value) {
        Message.Builder builder = message.toBuilder();
        walk(builder, index, value, new AtomicInteger());
        return builder.build();
    }

    private static void walk(Message.Builder builder, int target, long value, AtomicInteger seen) {
        for (FieldDescriptor field : builder.getDescriptorForType().getFields()) {
            if (field.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                if (field.isRepeated()) {
                    for (int i = 0; i < builder.getRepeatedFieldCount(field); i++) {
                        Message.Builder child = ((Message) builder.getRepeatedField(field, i)).toBuilder();
                        walk(child, target, value, seen);
                        builder.setRepeatedField(field, i, child.build());
                    }
                } else if (builder.hasField(field)) {
                    Message.Builder child = ((Message) builder.getField(field)).toBuilder();
                    walk(child, target, value, seen);
                    builder.setField(field, child.build());
                }
                continue;
            }
            boolean integer = field.getJavaType() == FieldDescriptor.JavaType.INT
                    || field.getJavaType() == FieldDescriptor.JavaType.LONG;
            if (!integer) {
                continue;
            }
            Object number = field.getJavaType() == FieldDescriptor.JavaType.INT ? (Object) (int) value : value;
            if (field.isRepeated()) {
                for (int i = 0; i < builder.getRepeatedFieldCount(field); i++) {
                    if (seen.getAndIncrement() == target) {
                        builder.setRepeatedField(field, i, number);
                    }
                }
            } else if (!field.hasPresence() || builder.hasField(field)) {
                if (seen.getAndIncrement() == target) {
                    builder.setField(field, number);
                }
            }
        }
    }

    /** The file with column {@code column}'s metadata replaced: metadatas, offset tables and footer rewritten. */
    static byte[] withColumnMetadata(byte[] file, LanceFileReader.Layout layout, int column, ColumnMetadata metadata) {
        LanceFileFooter footer = layout.footer();
        int metaStart = (int) footer.columnMetaStart();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(file, 0, metaStart);
        long[][] spans = layout.columnSpans();
        List<long[]> written = new ArrayList<>();
        for (int c = 0; c < spans.length; c++) {
            byte[] bytes = c == column ? metadata.toByteArray()
                    : Arrays.copyOfRange(file, (int) spans[c][0], (int) (spans[c][0] + spans[c][1]));
            written.add(new long[] {out.size(), bytes.length});
            out.writeBytes(bytes);
        }
        long cmo = out.size();
        ByteBuffer entry = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        for (long[] span : written) {
            out.writeBytes(entry.clear().putLong(span[0]).putLong(span[1]).array());
        }
        long gbo = out.size();
        int gboAt = (int) footer.gboTableOffset();
        out.write(file, gboAt, (int) (footer.numGlobalBuffers() * LanceFileFooter.TABLE_ENTRY));
        out.writeBytes(new LanceFileFooter(metaStart, cmo, gbo, footer.numGlobalBuffers(), footer.numColumns(),
                footer.major(), footer.minor()).encode());
        return out.toByteArray();
    }

    @Property(tries = 10)
    void theSurgeryKeepsAnUndamagedFileReadable(@ForAll("files") int file) {
        byte[] original = FILES.get(file);
        LanceFileReader.Layout layout = LanceFileReader.layout(original, "f");
        byte[] same = withColumnMetadata(original, layout, 0, columnMetadata(original, layout, 0));
        assertThat(LanceFileReader.read(same, "same.lance").rows()).isEqualTo(LanceFileReader.read(original, "o").rows());
        assertThat(numbers(pageLayout(columnMetadata(original, layout, 0).getPages(0)))).isPositive();
    }

}
