package dev.tableindex.model.lancefile.v21;

import dev.tableindex.proto.lance.file.v2.ColumnMetadata;
import java.util.ArrayList;
import java.util.List;

/** A page's buffers (the column metadata's offsets and sizes), each checked to lie in the file's data. */
final class PageBuffers {
    private final List<Slice> buffers;
    private final PageContext page;

    private PageBuffers(List<Slice> buffers, PageContext page) {
        this.buffers = buffers;
        this.page = page;
    }

    static PageBuffers of(byte[] file, int dataEnd, ColumnMetadata.Page metadata, PageContext page) {
        if (metadata.getBufferOffsetsCount() != metadata.getBufferSizesCount()) {
            throw page.bad(page.metadataAt(), metadata.getBufferOffsetsCount() + " buffer offsets but "
                    + metadata.getBufferSizesCount() + " sizes");
        }
        List<Slice> buffers = new ArrayList<>();
        for (int i = 0; i < metadata.getBufferOffsetsCount(); i++) {
            buffers.add(Slice.ofFile(file, metadata.getBufferOffsets(i), metadata.getBufferSizes(i), dataEnd, page,
                    "page buffer " + i));
        }
        return new PageBuffers(buffers, page);
    }

    int count() {
        return buffers.size();
    }

    Slice get(int index, String what) {
        if (index >= buffers.size()) {
            throw page.bad(page.metadataAt(), "the layout needs page buffer " + index + " (" + what
                    + ") but the page has " + buffers.size());
        }
        return buffers.get(index);
    }
}
