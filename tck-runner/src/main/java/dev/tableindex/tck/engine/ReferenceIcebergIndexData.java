package dev.tableindex.tck.engine;

import dev.tableindex.model.iceberg.data.IndexDataBuilder;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.read.RowFilter;
import dev.tableindex.model.iceberg.read.IndexReader;
import dev.tableindex.model.iceberg.read.QueryAnswer;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceRow;
import dev.tableindex.model.iceberg.table.SourceTable;
import dev.tableindex.proto.tck.BuildIcebergIndexRequest;
import dev.tableindex.proto.tck.BuildIcebergIndexResult;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.IcebergRowPointer;
import dev.tableindex.proto.tck.QueryIcebergIndexRequest;
import dev.tableindex.proto.tck.QueryIcebergIndexResult;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.IcebergIndexBuilding;
import dev.tableindex.tck.api.IcebergIndexQuerying;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.iceberg.FileFormat;

/** iceberg_index.build and iceberg_index.query of the reference engine: the model's builder and reader. */
final class ReferenceIcebergIndexData implements IcebergIndexBuilding, IcebergIndexQuerying {

    @Override
    public BuildIcebergIndexResult buildIcebergIndex(BuildIcebergIndexRequest request) {
        IndexMetadata metadata = metadata(request.getMetadataPath());
        SourceTable table = table(request.getTablePath());
        Path data = Path.of(request.getDataPath());
        String name = unusedName(data, "snapshot-" + request.getSourceSnapshotId());
        int target = request.getTargetRowsPerRangeFile() == 0 ? 1000 : request.getTargetRowsPerRangeFile();
        FileFormat format = request.getRangeFileFormat().isEmpty() ? FileFormat.PARQUET
                : FileFormat.fromString(request.getRangeFileFormat());
        IndexDataBuilder.Built built = IndexDataBuilder.build(metadata.definition(), table,
                request.getSourceSnapshotId(), data, name, new IndexDataBuilder.Options(format, target));
        return BuildIcebergIndexResult.newBuilder().setTrackingFile(LocalFileIO.uri(built.trackingFile())).build();
    }

    @Override
    public QueryIcebergIndexResult queryIcebergIndex(QueryIcebergIndexRequest request) {
        IndexMetadata metadata = metadata(request.getMetadataPath());
        SourceTable table = table(request.getTablePath());
        RowFilter predicate;
        try {
            predicate = IcebergFilters.filter(table, request);
        } catch (RuntimeException e) {
            throw refusal("BAD_FILTER", e);
        }
        QueryAnswer answer = IndexReader.query(metadata, table, request.getSnapshotId(), predicate);
        QueryIcebergIndexResult.Builder result = QueryIcebergIndexResult.newBuilder().setRoute(answer.route().name());
        for (SourceRow row : answer.rows()) {
            result.addRows(IcebergRowPointer.newBuilder().setFile(row.file()).setPos(row.pos()));
        }
        return result.build();
    }

    private static IndexMetadata metadata(String path) {
        try {
            return IndexMetadataJson.read(Files.readAllBytes(Path.of(path)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            throw refusal("BAD_METADATA", e);
        }
    }

    private static SourceTable table(String path) {
        try {
            return SourceTable.load(Path.of(path));
        } catch (RuntimeException e) {
            throw refusal("BAD_TABLE", e);
        }
    }

    private static String unusedName(Path folder, String base) {
        String name = base;
        for (int i = 2; Files.exists(folder.resolve(name + "-tracking.avro")); i++) {
            name = base + "-" + i;
        }
        return name;
    }

    private static EngineRefusal refusal(String kind, RuntimeException e) {
        return new EngineRefusal(EngineError.newBuilder().setKind(kind).setMessage(String.valueOf(e.getMessage()))
                .build());
    }
}
