package dev.tableindex.model.lancefile.v21;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.tableindex.model.lancefile.LanceFileFormatException;
import dev.tableindex.model.lancefile.LanceFileProblem;
import dev.tableindex.model.lancefile.LanceType;
import dev.tableindex.proto.lance.encodings21.PageLayout;
import dev.tableindex.proto.lance.file.v2.ColumnMetadata;
import dev.tableindex.proto.lance.file.v2.Encoding;
import java.util.List;

/**
 * Decodes one page of a top-level column of a Lance v2.1 file (docs/lance-files.md): its encoding is a
 * {@code /lance.encodings21.PageLayout}, a structural layout (mini-block, full-zip, constant) whose buffers are
 * compressed by a tree of compressive encodings. Bytes that contradict the layout are a
 * {@link LanceFileFormatException}; a layout or encoding the kit does not decode (lists, structs, blobs, packed
 * structs, 2.2's large chunks) an {@link dev.tableindex.model.lancefile.UnreadableEncodingException}.
 */
public final class V21PageDecoder {
    public static final String PAGE_LAYOUT_URL = "/lance.encodings21.PageLayout";
    private static final String V20_ARRAY_ENCODING_URL = "/lance.encodings.ArrayEncoding";

    private V21PageDecoder() {
    }

    /**
     * The page's {@code rows} values, of {@code type}'s value class (null for a null). {@code dataEnd} is where the
     * file's data ends (the footer's start): every page buffer must lie before it.
     */
    public static List<Object> decode(byte[] file, int dataEnd, ColumnMetadata.Page metadata, long rows, LanceType type,
                                      PageContext page) {
        PageLayout layout = layout(metadata.getEncoding(), page);
        PageBuffers buffers = PageBuffers.of(file, dataEnd, metadata, page);
        List<Object> values = switch (layout.getLayoutCase()) {
            case MINI_BLOCK_LAYOUT -> new MiniBlockLayoutDecoder(layout.getMiniBlockLayout(), buffers, type, page)
                    .decode(rows);
            case FULL_ZIP_LAYOUT -> new FullZipLayoutDecoder(layout.getFullZipLayout(), buffers, type, page)
                    .decode(rows);
            case CONSTANT_LAYOUT -> ConstantLayoutDecoder.decode(layout.getConstantLayout(), type, rows, page);
            case BLOB_LAYOUT -> throw page.unreadable("blob layout");
            case SPARSE_LAYOUT -> throw page.unreadable("sparse layout (Lance 2.3)");
            case LAYOUT_NOT_SET -> throw page.bad(page.metadataAt(), "a page layout with no layout set");
        };
        if (values.size() != rows) {
            throw page.bad(page.metadataAt(), "the page decodes to " + values.size() + " values, not " + rows);
        }
        return values;
    }

    private static PageLayout layout(Encoding encoding, PageContext page) {
        if (encoding.getLocationCase() != Encoding.LocationCase.DIRECT) {
            throw page.unreadable(encoding.getLocationCase().name().toLowerCase() + " page encoding");
        }
        Any any;
        try {
            any = Any.parseFrom(encoding.getDirect().getEncoding());
        } catch (InvalidProtocolBufferException e) {
            throw protobuf(page, "not a google.protobuf.Any: " + e.getMessage());
        }
        if (any.getTypeUrl().equals(V20_ARRAY_ENCODING_URL)) {
            throw page.bad(page.metadataAt(), "a v2.0 page encoding (" + V20_ARRAY_ENCODING_URL + ") in a 2.1 file");
        }
        if (!any.getTypeUrl().equals(PAGE_LAYOUT_URL)) {
            throw page.unreadable(any.getTypeUrl() + " in a 2.1 file");
        }
        try {
            return PageLayout.parseFrom(any.getValue());
        } catch (InvalidProtocolBufferException e) {
            throw protobuf(page, "not a PageLayout message: " + e.getMessage());
        }
    }

    private static LanceFileFormatException protobuf(PageContext page, String what) {
        return new LanceFileFormatException(LanceFileProblem.BAD_PROTOBUF, page.source(), page.metadataAt(),
                page.field() + " encoding", what);
    }
}
