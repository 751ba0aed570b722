package dev.tableindex.tck.freedoms;

import dev.tableindex.model.iceberg.data.DataFileIO;
import dev.tableindex.model.iceberg.data.FieldStats;
import dev.tableindex.model.iceberg.data.IndexDataBuilder;
import dev.tableindex.model.iceberg.data.IndexEntries;
import dev.tableindex.model.iceberg.data.IndexEntry;
import dev.tableindex.model.iceberg.data.IndexFields;
import dev.tableindex.model.iceberg.data.IndexValues;
import dev.tableindex.model.iceberg.data.StatsIds;
import dev.tableindex.model.iceberg.data.TrackingEntry;
import dev.tableindex.model.iceberg.data.TrackingFiles;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.model.iceberg.read.FilterJson;
import dev.tableindex.model.iceberg.read.IndexReader;
import dev.tableindex.model.iceberg.read.RowFilter;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceRow;
import dev.tableindex.model.iceberg.table.SourceTable;
import dev.tableindex.proto.tck.BuildIcebergIndexResult;
import dev.tableindex.proto.tck.IcebergRowPointer;
import dev.tableindex.proto.tck.QueryIcebergIndexResult;
import dev.tableindex.tck.api.EngineInfo;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.IcebergIndexBuilding;
import dev.tableindex.tck.api.IcebergIndexQuerying;
import dev.tableindex.tck.api.TckEngine;
import dev.tableindex.tck.api.TckEngineProvider;
import dev.tableindex.tck.engine.ReferenceEngine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;

/**
 * The reference engine using every freedom the draft gives a writer and a reader of index data (issue 22: "No
 * scenario fails an engine that uses a freedom the draft gives"), checked by {@link IcebergFreedomsTest}:
 * <ul>
 *   <li>its own file names and layout: range files {@code part-<uuid>} in a folder of their own under the data
 *       path, the tracking file {@code manifest-<uuid>};</li>
 *   <li>any supported format: a Parquet tracking file ("any supported metadata file format"; Avro where a
 *       statistic is a float, whose -NaN parquet-java cannot keep), range files in another of the three formats
 *       than the kit asked for (Avro for Parquet, Parquet for ORC);</li>
 *   <li>optional metrics ("All other metrics are optional"): value_count and null_value_count, and stats structs
 *       named its own way ("field names used for stats structs are informational");</li>
 *   <li>reused range files ("may reuse existing range files"): a range whose entries an earlier build already wrote
 *       is listed again, not written again;</li>
 *   <li>any matching index snapshot: the last one, not the first;</li>
 *   <li>an index it may ignore: one that lags behind the snapshot read, answered from the table;</li>
 *   <li>data files in answers as {@code file:} URIs, the form Iceberg's own locations may take.</li>
 * </ul>
 */
public final class FreeIcebergEngine implements TckEngineProvider {
    public static final String NAME = "free-iceberg";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public TckEngine start() {
        ReferenceEngine reference = new ReferenceEngine();
        Builder builder = new Builder();
        Reader reader = new Reader();
        return new TckEngine() {
            @Override
            public EngineInfo info() {
                return new EngineInfo(NAME, "0", reference.info().capabilities());
            }

            @Override
            public <F extends Facet> F facet(Class<F> type) {
                if (type == IcebergIndexBuilding.class) {
                    return type.cast(builder);
                }
                if (type == IcebergIndexQuerying.class) {
                    return type.cast(reader);
                }
                return reference.facet(type);
            }
        };
    }

    private static IndexMetadata metadata(String path) {
        try {
            return IndexMetadataJson.read(Files.readAllBytes(Path.of(path)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Builds with its own names, formats, metrics and reused range files. */
    static final class Builder implements IcebergIndexBuilding {
        /** Range files written so far, by the exact values of their entries. */
        private final Map<String, TrackingEntry> written = new HashMap<>();

        @Override
        public BuildIcebergIndexResult buildIcebergIndex(dev.tableindex.proto.tck.BuildIcebergIndexRequest request) {
            IndexMetadata metadata = metadata(request.getMetadataPath());
            SourceTable table = SourceTable.load(Path.of(request.getTablePath()));
            IndexFields fields = new IndexFields(metadata.definition(), table.schemaOf(request.getSourceSnapshotId()));
            List<IndexEntry> sorted = IndexEntries.sorted(fields, table.liveRows(request.getSourceSnapshotId()));
            List<List<IndexEntry>> ranges = IndexDataBuilder.ranges(sorted, fields,
                    Math.max(1, request.getTargetRowsPerRangeFile()));
            FileFormat format = switch (request.getRangeFileFormat()) {
                case "parquet" -> FileFormat.AVRO;
                case "orc" -> FileFormat.PARQUET;
                default -> FileFormat.AVRO;
            };
            Path folder = Path.of(request.getDataPath()).resolve("v-" + UUID.randomUUID());
            List<TrackingEntry> entries = new ArrayList<>();
            for (List<IndexEntry> range : ranges) {
                String content = content(fields, range);
                TrackingEntry reused = written.get(content);
                if (reused != null && Files.exists(LocalFileIO.path(reused.filePath()))) {
                    entries.add(reused);
                    continue;
                }
                IndexDataBuilder.Built one = IndexDataBuilder.write(fields, List.of(range), folder,
                        "part-" + UUID.randomUUID(), format);
                TrackingEntry entry = one.entries().get(0);
                try {
                    Files.delete(one.trackingFile()); // the builder's own one-entry tracking file
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                written.put(content, entry);
                entries.add(entry);
            }
            // Parquet, unless a statistic is a float: parquet-java drops the sign of a NaN (decision 0082)
            boolean floats = TrackingFiles.statsFieldIds(fields).stream().map(fields::type)
                    .anyMatch(t -> t.typeId() == org.apache.iceberg.types.Type.TypeID.FLOAT
                            || t.typeId() == org.apache.iceberg.types.Type.TypeID.DOUBLE);
            FileFormat trackingFormat = floats ? FileFormat.AVRO : FileFormat.PARQUET;
            Path tracking = folder.resolve("manifest-" + UUID.randomUUID() + "." + trackingFormat.name().toLowerCase());
            writeTracking(tracking, trackingFormat, fields, entries);
            return BuildIcebergIndexResult.newBuilder().setTrackingFile(LocalFileIO.uri(tracking)).build();
        }

        private static String content(IndexFields fields, List<IndexEntry> range) {
            StringBuilder text = new StringBuilder(fields.rangeFileSchema().asStruct().toString()).append('\n');
            for (IndexEntry e : range) {
                List<Object> values = new ArrayList<>();
                fields.definition().rangeFileFieldIds().forEach(id -> values.add(e.values().get(id)));
                text.append(IndexValues.exact(values)).append('\n');
            }
            return text.toString();
        }

        /** The draft's tracking file fields, each stats struct with value_count and null_value_count too. */
        private static void writeTracking(Path path, FileFormat format, IndexFields fields, List<TrackingEntry> entries) {
            Schema base = TrackingFiles.schema(fields);
            Types.StructType baseStats = base.findField(StatsIds.CONTENT_STATS).type().asStructType();
            List<Types.NestedField> stats = new ArrayList<>();
            for (Types.NestedField s : baseStats.fields()) {
                List<Types.NestedField> metrics = new ArrayList<>(s.type().asStructType().fields());
                metrics.add(Types.NestedField.optional(s.fieldId() + StatsIds.VALUE_COUNT, "values", Types.LongType.get()));
                metrics.add(Types.NestedField.optional(s.fieldId() + StatsIds.NULL_VALUE_COUNT, "nulls", Types.LongType.get()));
                stats.add(Types.NestedField.optional(s.fieldId(), "stats_of_" + ((s.fieldId() - 10_000) / 200),
                        Types.StructType.of(metrics)));
            }
            Types.StructType statsType = Types.StructType.of(stats);
            List<Types.NestedField> columns = new ArrayList<>();
            base.columns().forEach(c -> columns.add(c.fieldId() == StatsIds.CONTENT_STATS
                    ? Types.NestedField.required(c.fieldId(), c.name(), statsType) : c));
            Schema schema = new Schema(columns);
            List<Record> rows = new ArrayList<>();
            for (TrackingEntry e : entries) {
                Record row = GenericRecord.create(schema);
                row.setField("file_path", e.filePath());
                row.setField("file_format", e.fileFormat());
                row.setField("record_count", e.recordCount());
                row.setField("file_size_in_bytes", e.fileSizeInBytes());
                Record content = GenericRecord.create(statsType);
                for (int i = 0; i < stats.size(); i++) {
                    Types.NestedField f = stats.get(i);
                    FieldStats s = e.contentStats().get((f.fieldId() - 10_000) / 200);
                    Record metrics = GenericRecord.create(f.type().asStructType());
                    metrics.set(0, s.lowerBound());
                    metrics.set(1, s.upperBound());
                    int next = 2;
                    if (s.hasGroupMax()) {
                        metrics.set(next++, s.groupMaxValue());
                    }
                    metrics.set(next++, e.recordCount());
                    metrics.set(next, null);
                    content.set(i, metrics);
                }
                row.setField("content_stats", content);
                rows.add(row);
            }
            DataFileIO.write(path, format, schema, rows);
        }
    }

    /** Uses the last matching index snapshot, reads the table for a lagging index, answers with file: URIs. */
    static final class Reader implements IcebergIndexQuerying {
        @Override
        public QueryIcebergIndexResult queryIcebergIndex(dev.tableindex.proto.tck.QueryIcebergIndexRequest request) {
            IndexMetadata metadata = metadata(request.getMetadataPath());
            SourceTable table = SourceTable.load(Path.of(request.getTablePath()));
            RowFilter filter = FilterJson.parse(request.getFilterJson(), table.schemaOf(request.getSnapshotId()));
            List<IndexSnapshot> matching = metadata.snapshotsFor(request.getSnapshotId());
            List<SourceRow> rows = matching.isEmpty() ? IndexReader.fromTable(table, request.getSnapshotId(), filter)
                    : IndexReader.query(metadata.withSnapshots(List.of(matching.get(matching.size() - 1))), table,
                            request.getSnapshotId(), filter).rows();
            QueryIcebergIndexResult.Builder result = QueryIcebergIndexResult.newBuilder()
                    .setRoute(matching.isEmpty() ? "TABLE" : "INDEX");
            rows.forEach(r -> result.addRows(IcebergRowPointer.newBuilder()
                    .setFile(LocalFileIO.uri(LocalFileIO.path(r.file()))).setPos(r.pos())));
            return result.build();
        }
    }

}
