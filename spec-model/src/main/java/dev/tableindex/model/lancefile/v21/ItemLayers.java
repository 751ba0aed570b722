package dev.tableindex.model.lancefile.v21;

import dev.tableindex.proto.lance.encodings21.RepDefLayer;
import java.util.List;

/**
 * The repetition/definition layers of a top-level (not nested) column: one item layer, all valid or nullable. Its
 * definition level is 0 for a valid item and 1 for a null one (Lance {@code repdef.rs}: 0 is the innermost
 * "valid" level). Lists and structs bring more layers, which the kit does not decode.
 */
final class ItemLayers {
    private ItemLayers() {
    }

    /** Whether the page's single item layer is nullable. */
    static boolean nullable(List<RepDefLayer> layers, PageContext page) {
        if (layers.size() != 1) {
            throw page.unreadable("repetition/definition layers " + layers + " (nested values)");
        }
        return switch (layers.get(0)) {
            case REPDEF_ALL_VALID_ITEM -> false;
            case REPDEF_NULLABLE_ITEM -> true;
            case REPDEF_UNSPECIFIED, UNRECOGNIZED -> throw page.bad(page.metadataAt(), "an unspecified repdef layer");
            default -> throw page.unreadable("repetition/definition layer " + layers.get(0) + " (a list)");
        };
    }

    /** Whether definition level {@code level} is a valid item (0) or a null one (1). */
    static boolean valid(long level, PageContext page, long offset) {
        if (level == 0) {
            return true;
        }
        if (level == 1) {
            return false;
        }
        throw page.bad(offset, "definition level " + level + " in a column of one nullable item layer");
    }
}
