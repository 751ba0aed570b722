package dev.tableindex.model.lancefile.v21;

import dev.tableindex.model.lancefile.LanceType;
import dev.tableindex.proto.lance.encodings21.ConstantLayout;
import java.util.Collections;
import java.util.List;

/**
 * The constant layout of a top-level column: with one nullable item layer and no value, every row is null (Lance's
 * 2.1 all-null layout, which has no buffers); with an inline value and no repetition/definition levels, every row
 * is that value (Lance 2.2's constant pages, for fixed-width values).
 */
final class ConstantLayoutDecoder {
    private ConstantLayoutDecoder() {
    }

    static List<Object> decode(ConstantLayout layout, LanceType type, long rows, PageContext page) {
        if (layout.hasRepCompression() || layout.hasDefCompression() || layout.getNumRepValues() != 0
                || layout.getNumDefValues() != 0) {
            throw page.unreadable("constant layout with repetition/definition levels");
        }
        boolean nullable = ItemLayers.nullable(layout.getLayersList(), page);
        if (!layout.hasInlineValue()) {
            if (!nullable) {
                throw page.bad(page.metadataAt(), "an all-null page in a column whose items are all valid");
            }
            return Collections.nCopies((int) rows, null);
        }
        if (type.kind() == LanceType.Kind.BYTES || layout.getInlineValue().size() * 8L != type.bits()) {
            throw page.bad(page.metadataAt(), "a constant of " + layout.getInlineValue().size() + " bytes for a "
                    + type.logicalType() + " column");
        }
        byte[] value = layout.getInlineValue().toByteArray();
        Object constant = ColumnValues.value(new DataBlock.Fixed(type.bits(), 1, value), 0, type, page,
                page.metadataAt());
        return Collections.nCopies((int) rows, constant);
    }
}
