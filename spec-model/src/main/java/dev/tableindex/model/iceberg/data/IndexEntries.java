package dev.tableindex.model.iceberg.data;

import dev.tableindex.model.iceberg.definition.ExpressionField;
import dev.tableindex.model.iceberg.order.ClusteringOrder;
import dev.tableindex.model.iceberg.table.SourceRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Index entries of source rows, one per row (identical entries are not merged), in clustering order. */
public final class IndexEntries {
    private IndexEntries() {
    }

    public static IndexEntry of(IndexFields fields, SourceRow row) {
        IndexFieldValues values = new IndexFieldValues(fields.sourceSchema());
        Map<Integer, Object> byId = new HashMap<>();
        for (int id : fields.definition().identityFields()) {
            byId.put(id, values.field(row, id));
        }
        List<ExpressionField> expressions = new ArrayList<>(fields.definition().materializedFields());
        expressions.addAll(fields.definition().nonMaterializedFields());
        for (ExpressionField field : expressions) {
            byId.put(field.fieldId(), IndexFieldValues.promoted(field.dataType(), values.evaluate(field.expr(), row)));
        }
        List<Object> key = new ArrayList<>();
        fields.definition().clusterSpec().forEach(id -> key.add(byId.get(id)));
        return new IndexEntry(row, java.util.Collections.unmodifiableMap(byId), java.util.Collections.unmodifiableList(key));
    }

    /**
     * The entries of the rows, sorted by clustering key; entries with equal keys by their source row's data file
     * and position, so the reference's output does not depend on the order Iceberg plans files (decision 0020).
     */
    public static List<IndexEntry> sorted(IndexFields fields, List<SourceRow> rows) {
        ClusteringOrder order = new ClusteringOrder(fields.clusterTypes());
        List<IndexEntry> entries = new ArrayList<>();
        rows.forEach(r -> entries.add(of(fields, r)));
        entries.sort(Comparator.comparing(IndexEntry::clusteringKey, order)
                .thenComparing(e -> e.source().file()).thenComparingLong(e -> e.source().pos()));
        return entries;
    }
}
