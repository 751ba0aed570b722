package dev.tableindex.model.iceberg.read;

import dev.tableindex.model.iceberg.definition.ExpressionField;
import dev.tableindex.model.iceberg.definition.IndexDefinition;
import dev.tableindex.model.iceberg.definition.IndexType;
import dev.tableindex.model.iceberg.definition.ReservedFieldIds;
import dev.tableindex.model.iceberg.definition.ValueExpression;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;

/** A source schema and an index over it with row pointers, shared by the read tests. */
final class Fixtures {
    static final Schema SCHEMA = new Schema(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "city", Types.StringType.get()),
            Types.NestedField.optional(3, "score", Types.DoubleType.get()));
    static final IndexDefinition DEFINITION = new IndexDefinition(IndexType.SCALAR, List.of(2, 3),
            List.of(ExpressionField.exprValue(1000, Types.StringType.get(), ValueExpression.ref(ReservedFieldIds.FILE)),
                    ExpressionField.exprValue(1001, Types.LongType.get(), ValueExpression.ref(ReservedFieldIds.POS))),
            List.of(ExpressionField.exprValue(1002, Types.LongType.get(), ValueExpression.ref(1))),
            List.of(2, 3));

    private Fixtures() {
    }

    static Record row(long id, String city, Double score) {
        Record r = GenericRecord.create(SCHEMA);
        r.setField("id", id);
        r.setField("city", city);
        r.setField("score", score);
        return r;
    }

    static void delete(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
