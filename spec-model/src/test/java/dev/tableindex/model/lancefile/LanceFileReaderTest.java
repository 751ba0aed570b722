package dev.tableindex.model.lancefile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import dev.tableindex.proto.lance.encodings.ArrayEncoding;
import dev.tableindex.proto.lance.encodings.Bitpacked;
import dev.tableindex.proto.lance.file.v2.ColumnMetadata;
import dev.tableindex.proto.lance.file.v2.DirectEncoding;
import dev.tableindex.proto.lance.file.v2.Encoding;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Examples: the layout worked by hand, each refusal with its problem, file, offset and field. */
class LanceFileReaderTest {
    static final List<LanceColumn> TWO_COLUMNS = List.of(
            new LanceColumn("values", LanceType.BINARY, true, Arrays.asList(new byte[] {1, 2}, null, new byte[0])),
            new LanceColumn("ids", LanceType.UINT64, false, List.of(7L, -1L, 0L)));

    @Test
    void theFooterNamesTheTablesThatEndTheFile() {
        byte[] file = LanceFileWriter.write(TWO_COLUMNS, Map.of());
        ByteBuffer footer = ByteBuffer.wrap(file, file.length - 40, 40).order(ByteOrder.LITTLE_ENDIAN);
        long columnMetaStart = footer.getLong();
        long cmoTable = footer.getLong();
        long gboTable = footer.getLong();
        assertThat(footer.getInt()).as("num_global_buffers").isEqualTo(1);
        assertThat(footer.getInt()).as("num_columns").isEqualTo(2);
        assertThat(footer.getShort()).as("major").isZero();
        assertThat(footer.getShort()).as("minor").isEqualTo((short) 3);
        assertThat(new String(file, file.length - 4, 4, StandardCharsets.US_ASCII)).isEqualTo("LANC");
        // tables are contiguous: two cmo entries, then one gbo entry, then the footer
        assertThat(gboTable).isEqualTo(cmoTable + 32);
        assertThat(file.length - 40L).isEqualTo(gboTable + 16);
        assertThat(columnMetaStart).isLessThan(cmoTable);
        // page buffers start 64-aligned: the first at 0
        ColumnMetadata values = columnMetadata(file, 0);
        assertThat(values.getPages(0).getBufferOffsetsList()).containsExactly(0L, 64L);
        assertThat(values.getPages(0).getBufferSizesList()).containsExactly(24L, 2L);
    }

    /** A flipped tag byte (found by LanceFileFuzzProperties) turns a field's name into another string field. */
    @Test
    void aSchemaFieldWithoutANameIsRefusedNotTakenAsAColumn() {
        byte[] file = LanceFileWriter.write(TWO_COLUMNS, Map.of());
        // Field.name "ids" is tag 0x12 (field 2, length-delimited), length 3; tag 0x4A is extension_name (field 9)
        byte[] name = {0x12, 3, 'i', 'd', 's'};
        int at = indexOf(file, name);
        file[at] = 0x4A;
        assertThat(LanceFileReader.summary(file, "x.lance").fields().get(1).getName()).isEmpty();
        assertThatThrownBy(() -> LanceFileReader.read(file, "x.lance")).isInstanceOfSatisfying(
                LanceFileFormatException.class, e -> {
                    assertThat(e.problem()).isEqualTo(LanceFileProblem.BAD_PROTOBUF);
                    assertThat(e.getMessage()).startsWith("x.lance: schema field ").contains("has no name")
                            .contains("(global buffer 0 (FileDescriptor).schema) at offset ");
                });
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    @Test
    void aNullBinaryRowEndsAtThePreviousEndPlusTheNullAdjustment() throws Exception {
        byte[] file = LanceFileWriter.write(TWO_COLUMNS, Map.of());
        ByteBuffer indices = ByteBuffer.wrap(file, 0, 24).order(ByteOrder.LITTLE_ENDIAN);
        // bytes "01 02"; ends 2, (2 + adjustment 3) for the null, 2 for the empty value
        assertThat(indices.getLong()).isEqualTo(2);
        assertThat(indices.getLong()).isEqualTo(5);
        assertThat(indices.getLong()).isEqualTo(2);
        Any any = Any.parseFrom(columnMetadata(file, 0).getPages(0).getEncoding().getDirect().getEncoding());
        assertThat(any.getTypeUrl()).isEqualTo("/lance.encodings.ArrayEncoding");
        assertThat(ArrayEncoding.parseFrom(any.getValue()).getBinary().getNullAdjustment()).isEqualTo(3);
    }

    @Test
    void anEmptyFileHasNoPages() {
        List<LanceColumn> empty = List.of(new LanceColumn("values", LanceType.BINARY, true, List.of()));
        LanceColumns read = LanceFileReader.read(LanceFileWriter.write(empty, Map.of()), "empty.lance");
        assertThat(read.rows()).isZero();
        assertThat(read.column("values").values()).isEmpty();
    }

    @Test
    void aLegacyFileIsRefusedAsSuch() {
        byte[] legacy = new byte[64];
        ByteBuffer.wrap(legacy, 48, 16).order(ByteOrder.LITTLE_ENDIAN).putLong(0).putShort((short) 0)
                .putShort((short) 2).put("LANC".getBytes(StandardCharsets.US_ASCII));
        assertThatThrownBy(() -> LanceFileReader.summary(legacy, "v1.lance"))
                .isInstanceOfSatisfying(LanceFileFormatException.class, e -> {
                    assertThat(e.problem()).isEqualTo(LanceFileProblem.LEGACY_FORMAT);
                    assertThat(e.offset()).isEqualTo(56);
                    assertThat(e.field()).hasValue("footer.major_version");
                })
                .hasMessage("v1.lance: a Lance v1 (legacy) file, version 0.2; only v2.x files (footer 0.3 or 2.x) are read"
                        + " (footer.major_version) at offset 56");
    }

    @Test
    void aFileThatDoesNotEndInLancIsNotALanceFile() {
        assertThatThrownBy(() -> LanceFileReader.summary("PAR1 not lance".getBytes(StandardCharsets.US_ASCII), "x.parquet"))
                .isInstanceOfSatisfying(LanceFileFormatException.class,
                        e -> assertThat(e.problem()).isEqualTo(LanceFileProblem.NOT_LANCE))
                .hasMessageStartingWith("x.parquet: not a Lance file");
    }

    @Test
    void aFooterTableOutsideTheFileIsOutOfRange() {
        byte[] file = LanceFileWriter.write(TWO_COLUMNS, Map.of());
        ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).putInt(file.length - 12, 1 << 20);
        assertThatThrownBy(() -> LanceFileReader.summary(file, "f.lance"))
                .isInstanceOfSatisfying(LanceFileFormatException.class, e -> {
                    assertThat(e.problem()).isEqualTo(LanceFileProblem.OUT_OF_RANGE);
                    assertThat(e.field()).hasValue("footer.num_columns");
                    assertThat(e.offset()).isEqualTo(file.length - 12);
                });
    }

    @Test
    void aVersionTwoPointOneFileWithVersionTwoPointZeroPagesHasASummaryButItsPagesAreRefused() {
        byte[] file = LanceFileWriter.write(TWO_COLUMNS, Map.of("batch_size", "4096"));
        ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).putShort(file.length - 8, (short) 2)
                .putShort(file.length - 6, (short) 1);
        LanceFileSummary summary = LanceFileReader.summary(file, "v21.lance");
        assertThat(summary.version()).isEqualTo("2.1");
        assertThat(summary.rows()).isEqualTo(3);
        assertThat(summary.fields()).extracting(f -> f.getName()).containsExactly("values", "ids");
        assertThatThrownBy(() -> LanceFileReader.read(file, "v21.lance"))
                .isInstanceOfSatisfying(LanceFileFormatException.class, e -> {
                    assertThat(e.problem()).isEqualTo(LanceFileProblem.BAD_PAGE);
                    assertThat(e.field()).hasValue("column values page 0");
                    assertThat(e.what()).contains("a v2.0 page encoding", "in a 2.1 file");
                });
    }

    @Test
    void anEncodingTheKitDoesNotDecodeIsNamed() {
        List<LanceColumn> ids = List.of(new LanceColumn("ids", LanceType.UINT64, false, List.of(1L, 2L)));
        byte[] file = LanceFileWriter.write(ids, Map.of());
        byte[] replaced = replaceFirstPageEncoding(file, ArrayEncoding.newBuilder()
                .setBitpacked(Bitpacked.getDefaultInstance()).build());
        assertThatThrownBy(() -> LanceFileReader.read(replaced, "bp.lance"))
                .isInstanceOfSatisfying(UnreadableEncodingException.class, e -> {
                    assertThat(e.column()).isEqualTo("ids");
                    assertThat(e.page()).isZero();
                    assertThat(e.encoding()).isEqualTo("bitpacked");
                    assertThat(e.problem()).isEqualTo(LanceFileProblem.UNREADABLE_ENCODING);
                })
                .hasMessageStartingWith("bp.lance: the kit does not decode encoding bitpacked (column ids page 0)");
        // a summary does not look at pages
        assertThat(LanceFileReader.summary(replaced, "bp.lance").rows()).isEqualTo(2);
    }

    static ColumnMetadata columnMetadata(byte[] file, int column) {
        LanceFileReader.Layout layout = LanceFileReader.layout(file, "f");
        long[] span = layout.columnSpans()[column];
        try {
            return ColumnMetadata.parseFrom(ByteBuffer.wrap(file, (int) span[0], (int) span[1]));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** The file with column 0's metadata rewritten (its page 0 given {@code encoding}) and the tables moved to fit. */
    static byte[] replaceFirstPageEncoding(byte[] file, ArrayEncoding encoding) {
        LanceFileReader.Layout layout = LanceFileReader.layout(file, "f");
        ColumnMetadata metadata = columnMetadata(file, 0);
        Any any = Any.newBuilder().setTypeUrl("/lance.encodings.ArrayEncoding").setValue(encoding.toByteString()).build();
        ColumnMetadata changed = metadata.toBuilder().setPages(0, metadata.getPages(0).toBuilder().setEncoding(
                Encoding.newBuilder().setDirect(DirectEncoding.newBuilder().setEncoding(ByteString.copyFrom(any.toByteArray())))))
                .build();
        byte[] body = changed.toByteArray();
        int start = (int) layout.columnSpans()[0][0];
        LanceFileFooter footer = layout.footer();
        ByteBuffer out = ByteBuffer.allocate(start + body.length + 16 + 16 + 40).order(ByteOrder.LITTLE_ENDIAN);
        out.put(file, 0, start).put(body);
        long cmo = out.position();
        out.putLong(start).putLong(body.length);
        long gbo = out.position();
        long[] descriptor = {layout.descriptorOffset(), start - layout.descriptorOffset()};
        out.putLong(descriptor[0]).putLong(descriptor[1]);
        out.put(new LanceFileFooter(start, cmo, gbo, 1, 1, footer.major(), footer.minor()).encode());
        return out.array();
    }
}
