package dev.tableindex.model.iceberg.data;

/**
 * One field's statistics struct in a tracking file entry: bounds over the field's non-null, non-NaN values
 * (null when there is none) and, for cluster fields, the {@code group_max_value} (null is a null clustering
 * value there, not an unknown statistic). {@code hasGroupMax} is false for fields outside the cluster spec.
 */
public record FieldStats(Object lowerBound, Object upperBound, boolean hasGroupMax, Object groupMaxValue) {
}
