package dev.tableindex.model.iceberg.data;

import dev.tableindex.model.iceberg.table.SourceRow;
import java.util.List;
import java.util.Map;

/**
 * The values the index fields produce for one indexed row (draft, Terms: index entry): every index field's
 * value by field id, materialized or not, and the clustering key in cluster-spec order.
 */
public record IndexEntry(SourceRow source, Map<Integer, Object> values, List<Object> clusteringKey) {
}
