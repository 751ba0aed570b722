package dev.tableindex.tck.engine;

import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.manifest.ManifestFormatException;
import dev.tableindex.model.manifest.ManifestReader;
import com.google.protobuf.ByteString;
import dev.tableindex.model.key.KeyEncoding;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.proto.tck.CompareKeysRequest;
import dev.tableindex.proto.tck.CompareKeysResult;
import dev.tableindex.proto.tck.EncodeKeyRequest;
import dev.tableindex.proto.tck.EncodeKeyResult;
import dev.tableindex.model.anyelement.AnyElement;
import dev.tableindex.model.anyelement.ListTable;
import dev.tableindex.model.anyelement.PredicateException;
import dev.tableindex.model.anyelement.TruthValue;
import dev.tableindex.model.lancefile.LanceFileFormatException;
import dev.tableindex.model.listindex.IndexedTable;
import dev.tableindex.model.listindex.ListElementIndex;
import dev.tableindex.model.listindex.ListElementIndexDetails;
import dev.tableindex.model.listindex.ListElementIndexMetadata;
import dev.tableindex.model.listindex.ListElementQuery;
import dev.tableindex.model.listindex.TargetBTreeFiles;
import dev.tableindex.proto.tck.BuildListIndexRequest;
import dev.tableindex.proto.tck.BuildListIndexResult;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.QueryListIndexRequest;
import dev.tableindex.proto.tck.QueryListIndexResult;
import dev.tableindex.proto.tck.EvaluateAnyElementRequest;
import dev.tableindex.proto.tck.EvaluateAnyElementResult;
import dev.tableindex.proto.tck.Truth;
import dev.tableindex.proto.tck.ReadManifestRequest;
import dev.tableindex.proto.tck.ReadManifestResult;
import dev.tableindex.tck.api.AnyElementEvaluator;
import dev.tableindex.tck.api.Capability;
import dev.tableindex.tck.api.EngineInfo;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.EngineUnsupported;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.KeyEncoder;
import dev.tableindex.tck.api.ListElementIndexer;
import dev.tableindex.tck.api.ListIndexFileReading;
import dev.tableindex.tck.api.ListIndexFileWriting;
import dev.tableindex.tck.api.ListIndexSegmentAdding;
import dev.tableindex.tck.api.ManifestReading;
import dev.tableindex.tck.api.TckEngine;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;

/** The built-in engine: the reference model ({@code spec-model}) behind the SPI, every capability declared. */
public final class ReferenceEngine implements TckEngine, ManifestReading, KeyEncoder, AnyElementEvaluator, ListElementIndexer,
        ListIndexSegmentAdding, ListIndexFileWriting, ListIndexFileReading {
    public static final String NAME = "reference";
    /** The kit's own version: the reference engine is released with the kit. */
    public static final String VERSION = dev.tableindex.tck.run.BuildInfo.kitVersion();

    /** table.lifecycle, index_v2 and index.open_requests: stateless, over the table model. */
    private final ReferenceTables tables = new ReferenceTables();
    /** iceberg_index.metadata, iceberg_index.commit and iceberg_index.create: over the Iceberg index model. */
    private final ReferenceIcebergIndexMetadata icebergMetadata = new ReferenceIcebergIndexMetadata();
    /** iceberg_index.build and iceberg_index.query: stateless, over real Iceberg tables. */
    private final ReferenceIcebergIndexData icebergData = new ReferenceIcebergIndexData();

    @Override
    public EngineInfo info() {
        return new EngineInfo(NAME, VERSION, EnumSet.allOf(Capability.class));
    }

    @Override
    public <F extends Facet> F facet(Class<F> type) {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        if (type.isInstance(tables)) {
            return type.cast(tables);
        }
        if (type.isInstance(icebergMetadata)) {
            return type.cast(icebergMetadata);
        }
        if (type.isInstance(icebergData)) {
            return type.cast(icebergData);
        }
        throw new EngineUnsupported("the reference engine has no facet " + type.getSimpleName());
    }

    @Override
    public ReadManifestResult readManifest(ReadManifestRequest request) {
        ManifestFile file;
        try {
            if (!request.getManifestPath().isEmpty()) {
                file = ManifestReader.read(Path.of(request.getManifestPath()));
            } else {
                LanceDatasetFolder folder = LanceDatasetFolder.open(Path.of(request.getDatasetPath()));
                file = request.hasVersion() ? folder.read(request.getVersion()) : folder.readLatest();
            }
        } catch (ManifestFormatException e) {
            throw new EngineRefusal(EngineError.newBuilder().setKind(e.problem().name()).setMessage(e.getMessage())
                    .setOffset(e.offset()).setField(e.field().orElse("")).build());
        }
        ReadManifestResult.Builder result = ReadManifestResult.newBuilder().setManifest(file.manifest());
        file.indexSection().ifPresent(result::setIndexSection);
        file.transaction().ifPresent(result::setTransaction);
        return result.build();
    }

    @Override
    public EncodeKeyResult encodeKey(EncodeKeyRequest request) {
        List<KeyType> types = types(request.getKeyTypesList());
        return EncodeKeyResult.newBuilder().setEncoding(ByteString.copyFrom(
                KeyEncoding.encode(types, tuple(types, request.getValuesList())))).build();
    }

    @Override
    public CompareKeysResult compareKeys(CompareKeysRequest request) {
        List<KeyType> types = types(request.getKeyTypesList());
        byte[] left = KeyEncoding.encode(types, tuple(types, request.getLeftList()));
        byte[] right = KeyEncoding.encode(types, tuple(types, request.getRightList()));
        return CompareKeysResult.newBuilder().setOrder(Integer.signum(Arrays.compareUnsigned(left, right))).build();
    }

    @Override
    public EvaluateAnyElementResult evaluateAnyElement(EvaluateAnyElementRequest request) {
        ListTable table;
        try {
            table = ListTable.fromJson(request.getTableJson());
        } catch (IllegalArgumentException e) {
            throw refusal("BAD_TABLE", e);
        }
        try {
            EvaluateAnyElementResult.Builder result = EvaluateAnyElementResult.newBuilder();
            for (TruthValue value : AnyElement.evaluate(table, request.getPredicate(), request.getNegated())) {
                result.addRows(switch (value) {
                    case TRUE -> Truth.TRUTH_TRUE;
                    case FALSE -> Truth.TRUTH_FALSE;
                    case UNKNOWN -> Truth.TRUTH_UNKNOWN;
                });
            }
            return result.build();
        } catch (PredicateException e) {
            throw new EngineRefusal(EngineError.newBuilder().setKind(e.kind().name()).setMessage(e.getMessage())
                    .setOffset(e.column()).build());
        }
    }

    @Override
    public BuildListIndexResult buildListIndex(BuildListIndexRequest request) {
        IndexedTable table = table(request.getTableJson());
        if (request.getExistingSegmentsCount() > 0) {
            return addListIndexSegment(table, request);
        }
        try {
            ListElementIndex index = ListElementIndex.buildOnNames(table, request.getKeysList(),
                    ListIndexProtos.fragments(table, request.getFragmentsList()), pageSize(request.getPageSize()));
            return written(index, request).build();
        } catch (IllegalArgumentException e) {
            throw refusal("BAD_KEYS", e);
        }
    }

    /**
     * A new segment joining the index whose segments' details the request gives: the existing segments are
     * kept as they were written (their keys are not renamed), the new one agrees with them or is refused.
     */
    private static BuildListIndexResult addListIndexSegment(IndexedTable table, BuildListIndexRequest request) {
        if (request.getKeysCount() > 0) {
            throw new EngineRefusal(EngineError.newBuilder().setKind("BAD_REQUEST").setField("keys").setOffset(-1)
                    .setMessage("keys is empty when a segment joins an existing index: the key fields are the index's").build());
        }
        List<ListElementIndexDetails> existing;
        try {
            existing = request.getExistingSegmentsList().stream().map(ListIndexProtos::fromProto).toList();
        } catch (IllegalArgumentException e) {
            throw refusal("BAD_DETAILS", e);
        }
        try {
            ListElementIndex index = ListElementIndex.joining(table, existing,
                    ListIndexProtos.fragments(table, request.getFragmentsList()), pageSize(request.getPageSize()));
            BuildListIndexResult.Builder result = written(index, request);
            return result.addAllIndexSegments(request.getExistingSegmentsList()).addIndexSegments(result.getDetails()).build();
        } catch (IllegalArgumentException e) {
            throw refusal("SEGMENT_WOULD_DISAGREE", e);
        }
    }

    /** The segment's reply; with {@code index_directory} the segment is written there too (list_element_index.files). */
    private static BuildListIndexResult.Builder written(ListElementIndex index, BuildListIndexRequest request) {
        if (!request.getIndexDirectory().isEmpty()) {
            TargetBTreeFiles.write(java.nio.file.Path.of(request.getIndexDirectory()), index);
        }
        return withMetadata(index, request);
    }

    private static BuildListIndexResult.Builder withMetadata(ListElementIndex index, BuildListIndexRequest request) {
        return ListIndexProtos.toProto(index).toBuilder().setMetadata(ListElementIndexMetadata.of(index,
                java.util.UUID.nameUUIDFromBytes(request.toByteArray()), "list_element_idx", request.getColumnFieldId(), 1, 0));
    }

    @Override
    public QueryListIndexResult queryListIndex(QueryListIndexRequest request) {
        IndexedTable table = table(request.getTableJson());
        ListElementIndexDetails details;
        try {
            details = ListIndexProtos.fromProto(request.getDetails());
        } catch (IllegalArgumentException e) {
            throw refusal("BAD_DETAILS", e);
        }
        try {
            if (request.getSegmentsCount() == 0) {
                return ListIndexProtos.toProto(ListElementQuery.answer(table, details,
                        ListIndexProtos.fragments(table, request.getCoveredFragmentsList()), pageSize(request.getPageSize()),
                        request.getPredicate(), request.getNegated(), request.getEnumerationLimit()));
            }
            List<ListElementIndex> segments = ListIndexProtos.segments(request, table);
            return ListIndexProtos.toProto(ListElementQuery.answer(table, segments, request.getPredicate(), request.getNegated(),
                    request.getEnumerationLimit()));
        } catch (LanceFileFormatException e) {
            // an index it cannot read is refused, never answered from the data as if it were not there
            throw new EngineRefusal(EngineError.newBuilder().setKind("BAD_INDEX_FILES").setMessage(e.getMessage())
                    .setOffset(e.offset()).setField(e.field().orElse("")).build());
        } catch (PredicateException e) {
            throw new EngineRefusal(EngineError.newBuilder().setKind(e.kind().name()).setMessage(e.getMessage())
                    .setOffset(e.column()).build());
        } catch (IllegalArgumentException e) {
            throw refusal("BAD_DETAILS", e);
        }
    }

    private static IndexedTable table(String json) {
        try {
            return IndexedTable.fromJson(json);
        } catch (IllegalArgumentException e) {
            throw refusal("BAD_TABLE", e);
        }
    }

    private static int pageSize(int requested) {
        return requested == 0 ? ListElementIndex.DEFAULT_PAGE_SIZE : requested;
    }

    private static List<KeyType> types(List<String> names) {
        try {
            return names.stream().map(KeyType::parse).toList();
        } catch (IllegalArgumentException e) {
            throw refusal("BAD_KEY_TYPE", e);
        }
    }

    private static List<Object> tuple(List<KeyType> types, List<dev.tableindex.proto.tck.KeyValue> values) {
        try {
            return ProtoKeyValues.fromProto(types, values);
        } catch (IllegalArgumentException e) {
            throw refusal("BAD_KEY_VALUE", e);
        }
    }

    private static EngineRefusal refusal(String kind, Exception e) {
        return new EngineRefusal(EngineError.newBuilder().setKind(kind).setMessage(e.getMessage()).setOffset(-1).build());
    }
}
