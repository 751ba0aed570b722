package dev.tableindex.tck.mutants;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import dev.tableindex.model.anyelement.AnyElement;
import dev.tableindex.model.anyelement.BoundPredicate;
import dev.tableindex.model.anyelement.ListTable;
import dev.tableindex.model.anyelement.PredicateException;
import dev.tableindex.model.anyelement.TruthValue;
import dev.tableindex.model.key.Float32;
import dev.tableindex.model.key.Float64;
import dev.tableindex.model.key.KeyEncoding;
import dev.tableindex.model.key.KeyNotation;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.listindex.IndexedTable;
import dev.tableindex.model.listindex.KeyRange;
import dev.tableindex.model.listindex.ListElementPlanner;
import dev.tableindex.model.listindex.Plan;
import dev.tableindex.model.listindex.ListElementIndex;
import dev.tableindex.model.listindex.TargetBTreeFiles;
import dev.tableindex.proto.lance.index.ListElementIndexDetails;
import dev.tableindex.proto.lance.index.ListElementKeyEncoding;
import dev.tableindex.proto.tck.BuildListIndexRequest;
import dev.tableindex.proto.tck.BuildListIndexResult;
import dev.tableindex.proto.tck.CompareKeysRequest;
import dev.tableindex.proto.tck.CompareKeysResult;
import dev.tableindex.proto.tck.EncodeKeyRequest;
import dev.tableindex.proto.tck.EncodeKeyResult;
import dev.tableindex.proto.tck.EvaluateAnyElementRequest;
import dev.tableindex.proto.tck.EvaluateAnyElementResult;
import dev.tableindex.proto.tck.IndexNotUsedReason;
import dev.tableindex.proto.tck.ListIndexSegment;
import dev.tableindex.proto.tck.PageDataRow;
import dev.tableindex.proto.tck.QueryListIndexRequest;
import dev.tableindex.proto.tck.QueryListIndexResult;
import dev.tableindex.proto.tck.Truth;
import dev.tableindex.tck.api.AnyElementEvaluator;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.KeyEncoder;
import dev.tableindex.tck.api.ListElementIndexer;
import dev.tableindex.tck.engine.ListIndexProtos;
import dev.tableindex.tck.engine.ProtoKeyValues;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Mutants for the rules of lance-list-element-index.md (features/rules/lance-list-element-index.yaml):
 * the reference engine with one plausible bug each, in its key encoding, its index writer, its reader or
 * its any_element evaluation. Each changes one behaviour of the reference and keeps the rest.
 */
public final class ListIndexMutants {
    private ListIndexMutants() {
    }

    /** The reference engine whose key_encoding, any_element and list_element_index facets a mutant may override. */
    abstract static class Base extends ReferenceMutant {
        private final Facets facets = new Facets();

        Base(String name, String flaw, String... breaks) {
            super(name, Set.of(breaks), flaw);
        }

        EncodeKeyResult encodeKey(EncodeKeyRequest request) {
            return reference.encodeKey(request);
        }

        EvaluateAnyElementResult evaluateAnyElement(EvaluateAnyElementRequest request) {
            return reference.evaluateAnyElement(request);
        }

        BuildListIndexResult buildListIndex(BuildListIndexRequest request) {
            return reference.buildListIndex(request);
        }

        QueryListIndexResult queryListIndex(QueryListIndexRequest request) {
            return reference.queryListIndex(request);
        }

        @Override
        protected <F extends Facet> F facet(Class<F> type, F original) {
            return type.isInstance(facets) ? type.cast(facets) : original;
        }

        /** The facets this mutant overrides, in one object. */
        private final class Facets implements KeyEncoder, AnyElementEvaluator, ListElementIndexer {
            @Override
            public EncodeKeyResult encodeKey(EncodeKeyRequest request) {
                return Base.this.encodeKey(request);
            }

            @Override
            public CompareKeysResult compareKeys(CompareKeysRequest request) {
                return reference.compareKeys(request);
            }

            @Override
            public EvaluateAnyElementResult evaluateAnyElement(EvaluateAnyElementRequest request) {
                return Base.this.evaluateAnyElement(request);
            }

            @Override
            public BuildListIndexResult buildListIndex(BuildListIndexRequest request) {
                return Base.this.buildListIndex(request);
            }

            @Override
            public QueryListIndexResult queryListIndex(QueryListIndexRequest request) {
                return Base.this.queryListIndex(request);
            }
        }
    }

    // ===================================================================== key encoding

    /** Encodes each key as the reference does, then lets the mutant change one key's bytes or how keys are joined. */
    abstract static class KeyMutant extends Base {
        KeyMutant(String name, String flaw, String... breaks) {
            super(name, flaw, breaks);
        }

        /** One key's bytes; {@code correct} is the reference's. */
        byte[] key(KeyType type, Object value, byte[] correct) {
            return correct;
        }

        byte[] join(List<byte[]> keys) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            keys.forEach(out::writeBytes);
            return out.toByteArray();
        }

        @Override
        EncodeKeyResult encodeKey(EncodeKeyRequest request) {
            List<KeyType> types = request.getKeyTypesList().stream().map(KeyType::parse).toList();
            List<Object> tuple = ProtoKeyValues.fromProto(types, request.getValuesList());
            List<byte[]> keys = new ArrayList<>();
            for (int i = 0; i < types.size(); i++) {
                byte[] correct = KeyEncoding.encode(List.of(types.get(i)), Collections.singletonList(tuple.get(i)));
                keys.add(key(types.get(i), tuple.get(i), correct));
            }
            return EncodeKeyResult.newBuilder().setEncoding(ByteString.copyFrom(join(keys))).build();
        }

        static byte[] reverseValueBytes(byte[] key) {
            byte[] out = key.clone();
            for (int i = 1; i < out.length; i++) {
                out[i] = key[key.length - i];
            }
            return out;
        }
    }

    public static final class LengthPrefixedKeys extends KeyMutant {
        public LengthPrefixedKeys() {
            super("mutant-length-prefixed-keys", "writes each key's byte length before its encoding", "LEI-R060");
        }

        @Override
        byte[] join(List<byte[]> keys) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            keys.forEach(k -> {
                out.write(k.length);
                out.writeBytes(k);
            });
            return out.toByteArray();
        }
    }

    public static final class KeysInReverseOrder extends KeyMutant {
        public KeysInReverseOrder() {
            super("mutant-keys-in-reverse-order", "concatenates the keys' encodings last key first",
                    "LEI-R060", "LEI-R063", "LEI-R003");
        }

        @Override
        byte[] join(List<byte[]> keys) {
            List<byte[]> reversed = new ArrayList<>(keys);
            Collections.reverse(reversed);
            return super.join(reversed);
        }
    }

    public static final class NullsLast extends KeyMutant {
        public NullsLast() {
            super("mutant-key-nulls-last", "encodes a null key with the marker 0xFF, so nulls sort last", "LEI-R061");
        }

        @Override
        byte[] key(KeyType type, Object value, byte[] correct) {
            if (value != null) {
                return correct;
            }
            byte[] out = correct.clone();
            out[0] = (byte) 0xFF;
            return out;
        }
    }

    public static final class NullWithoutPadding extends KeyMutant {
        public NullWithoutPadding() {
            super("mutant-null-without-padding", "encodes a null fixed-width key as the byte 0x00 alone, as for strings", "LEI-R064");
        }

        @Override
        byte[] key(KeyType type, Object value, byte[] correct) {
            return value == null && !type.kind().variableWidth() ? new byte[] {0} : correct;
        }
    }

    public static final class TrueAsFF extends KeyMutant {
        public TrueAsFF() {
            super("mutant-true-as-ff", "encodes the boolean true as 0xFF", "LEI-R065");
        }

        @Override
        byte[] key(KeyType type, Object value, byte[] correct) {
            return Boolean.TRUE.equals(value) ? new byte[] {1, (byte) 0xFF} : correct;
        }
    }

    public static final class UnsignedLittleEndian extends KeyMutant {
        public UnsignedLittleEndian() {
            super("mutant-unsigned-little-endian", "writes unsigned integers little-endian", "LEI-R066");
        }

        @Override
        byte[] key(KeyType type, Object value, byte[] correct) {
            return value != null && type.kind().unsignedInteger() ? reverseValueBytes(correct) : correct;
        }
    }

    public static final class SignedWithoutFlip extends KeyMutant {
        public SignedWithoutFlip() {
            super("mutant-signed-without-flip", "writes signed integers big-endian without inverting the most significant bit",
                    "LEI-R067");
        }

        @Override
        byte[] key(KeyType type, Object value, byte[] correct) {
            KeyType.Kind kind = type.kind();
            if (value == null || !(kind == KeyType.Kind.INT8 || kind == KeyType.Kind.INT16 || kind == KeyType.Kind.INT32
                    || kind == KeyType.Kind.INT64)) {
                return correct;
            }
            byte[] out = correct.clone();
            out[1] ^= (byte) 0x80;
            return out;
        }
    }

    public static final class NegativeFloatSignOnly extends KeyMutant {
        public NegativeFloatSignOnly() {
            super("mutant-negative-float-sign-only", "inverts only the sign bit of a negative float, not every bit", "LEI-R068");
        }

        @Override
        byte[] key(KeyType type, Object value, byte[] correct) {
            boolean negative = value instanceof Float32 f && f.bits() < 0 || value instanceof Float64 d && d.bits() < 0;
            if (!negative) {
                return correct;
            }
            byte[] out = correct.clone();
            for (int i = 1; i < out.length; i++) {
                out[i] = (byte) ~out[i];
            }
            out[1] ^= (byte) 0x80;
            return out;
        }
    }

    public static final class FloatLittleEndian extends KeyMutant {
        public FloatLittleEndian() {
            super("mutant-float-little-endian", "writes the float's bit pattern little-endian", "LEI-R068", "LEI-R074");
        }

        @Override
        byte[] key(KeyType type, Object value, byte[] correct) {
            return value instanceof Float32 || value instanceof Float64 ? reverseValueBytes(correct) : correct;
        }
    }

    public static final class DatesUnsigned extends KeyMutant {
        public DatesUnsigned() {
            super("mutant-dates-unsigned", "writes dates as unsigned integers (no inverted top bit)", "LEI-R069");
        }

        @Override
        byte[] key(KeyType type, Object value, byte[] correct) {
            if (value == null || type.kind() != KeyType.Kind.DATE32 && type.kind() != KeyType.Kind.DATE64) {
                return correct;
            }
            byte[] out = correct.clone();
            out[1] ^= (byte) 0x80;
            return out;
        }
    }

    public static final class TimestampsInMicroseconds extends KeyMutant {
        public TimestampsInMicroseconds() {
            super("mutant-timestamps-in-microseconds", "converts a timestamp to microseconds before encoding it", "LEI-R070");
        }

        @Override
        byte[] key(KeyType type, Object value, byte[] correct) {
            if (value == null || type.kind() != KeyType.Kind.TIMESTAMP) {
                return correct;
            }
            long stored = (Long) value;
            long micros = switch (type.timestampUnit()) {
                case "s" -> stored * 1_000_000L;
                case "ms" -> stored * 1_000L;
                case "ns" -> stored / 1_000L;
                default -> stored;
            };
            return KeyEncoding.encode(List.of(KeyType.of(KeyType.Kind.INT64)), List.of(micros));
        }
    }

    public static final class LargeVariantMarker extends KeyMutant {
        public LargeVariantMarker() {
            super("mutant-large-variant-marker", "marks a non-empty large_string or large_binary value with 0x03", "LEI-R071");
        }

        @Override
        byte[] key(KeyType type, Object value, byte[] correct) {
            if ((type.kind() == KeyType.Kind.LARGE_STRING || type.kind() == KeyType.Kind.LARGE_BINARY) && correct[0] == 2) {
                byte[] out = correct.clone();
                out[0] = 3;
                return out;
            }
            return correct;
        }
    }

    public static final class EmptyAsBlock extends KeyMutant {
        public EmptyAsBlock() {
            super("mutant-empty-as-block", "encodes an empty string or binary as 0x02 and one empty padded block", "LEI-R072");
        }

        @Override
        byte[] key(KeyType type, Object value, byte[] correct) {
            return type.kind().variableWidth() && correct.length == 1 && correct[0] == 1
                    ? new byte[] {2, 0, 0, 0, 0, 0, 0, 0, 0, 0} : correct;
        }
    }

    public static final class EightByteBlocks extends KeyMutant {
        public EightByteBlocks() {
            super("mutant-eight-byte-blocks", "splits every string or binary value into 8-byte blocks, never 32", "LEI-R073");
        }

        @Override
        byte[] key(KeyType type, Object value, byte[] correct) {
            if (value == null || !type.kind().variableWidth() || correct[0] != 2) {
                return correct;
            }
            byte[] bytes = value instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : ((ByteString) value).toByteArray();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(2);
            for (int start = 0; start < bytes.length; start += 8) {
                int n = Math.min(8, bytes.length - start);
                out.write(bytes, start, n);
                out.writeBytes(new byte[8 - n]);
                out.write(start + n < bytes.length ? 0xFF : n);
            }
            return out.toByteArray();
        }
    }

    // ===================================================================== the index writer

    /** Builds as the reference does, then changes one thing about what it wrote. */
    abstract static class WriterMutant extends Base {
        WriterMutant(String name, String flaw, String... breaks) {
            super(name, flaw, breaks);
        }

        @Override
        BuildListIndexResult buildListIndex(BuildListIndexRequest request) {
            return change(request, reference.buildListIndex(request));
        }

        abstract BuildListIndexResult change(BuildListIndexRequest request, BuildListIndexResult built);

        static BuildListIndexResult withDetails(BuildListIndexResult built, ListElementIndexDetails details) {
            return built.toBuilder().setDetails(details).build();
        }
    }

    public static final class KeysNotRecorded extends WriterMutant {
        public KeysNotRecorded() {
            super("mutant-keys-not-recorded", "leaves keys empty, since the names are for display only", "LEI-R013");
        }

        @Override
        BuildListIndexResult change(BuildListIndexRequest request, BuildListIndexResult built) {
            return withDetails(built, built.getDetails().toBuilder().clearKeys().build());
        }
    }

    public static final class ArrowTypeNames extends WriterMutant {
        private static final Map<String, String> ARROW = Map.of("string", "Utf8", "float", "Float32", "double", "Float64",
                "int16", "Int16", "uint32", "UInt32", "bool", "Boolean", "binary", "Binary", "large_string", "LargeUtf8");

        public ArrowTypeNames() {
            super("mutant-arrow-type-names", "writes key_types in Arrow's spelling (Utf8, Float32) instead of Lance's", "LEI-R016");
        }

        @Override
        BuildListIndexResult change(BuildListIndexRequest request, BuildListIndexResult built) {
            return withDetails(built, built.getDetails().toBuilder().clearKeyTypes().addAllKeyTypes(built.getDetails()
                    .getKeyTypesList().stream().map(t -> ARROW.getOrDefault(t, t.toUpperCase(java.util.Locale.ROOT))).toList()).build());
        }
    }

    public static final class TimestampTypeWithoutZone extends WriterMutant {
        public TimestampTypeWithoutZone() {
            super("mutant-timestamp-type-without-zone", "writes a timestamp key type as timestamp:{unit}, without its zone", "LEI-R017");
        }

        @Override
        BuildListIndexResult change(BuildListIndexRequest request, BuildListIndexResult built) {
            return withDetails(built, built.getDetails().toBuilder().clearKeyTypes().addAllKeyTypes(built.getDetails()
                    .getKeyTypesList().stream().map(t -> t.startsWith("timestamp:") ? t.substring(0, t.lastIndexOf(':')) : t).toList())
                    .build());
        }
    }

    public static final class EncodingUnspecified extends WriterMutant {
        public EncodingUnspecified() {
            super("mutant-encoding-unspecified", "leaves key_encoding at its default, UNSPECIFIED", "LEI-R022");
        }

        @Override
        BuildListIndexResult change(BuildListIndexRequest request, BuildListIndexResult built) {
            return withDetails(built, built.getDetails().toBuilder()
                    .setKeyEncoding(ListElementKeyEncoding.LIST_ELEMENT_KEY_ENCODING_UNSPECIFIED).build());
        }
    }

    public static final class NoTargetDetails extends WriterMutant {
        public NoTargetDetails() {
            super("mutant-no-target-details", "leaves target_details empty", "LEI-R024");
        }

        @Override
        BuildListIndexResult change(BuildListIndexRequest request, BuildListIndexResult built) {
            return withDetails(built, built.getDetails().toBuilder().setTargetDetails(Any.getDefaultInstance()).build());
        }
    }

    public static final class TargetVersionZero extends WriterMutant {
        public TargetVersionZero() {
            super("mutant-target-version-zero", "writes target_index_version 0, the list element index's own version", "LEI-R025");
        }

        @Override
        BuildListIndexResult change(BuildListIndexRequest request, BuildListIndexResult built) {
            return withDetails(built, built.getDetails().toBuilder().setTargetIndexVersion(0).build());
        }
    }

    /**
     * Takes a key list the reference refuses and writes details for it anyway: the reference's segment over the keys
     * it can build on, with the details this writer records for the whole list.
     */
    abstract static class KeyListMutant extends Base {
        KeyListMutant(String name, String flaw, String... breaks) {
            super(name, flaw, breaks);
        }

        /** The details this writer records for the keys asked, given the element's fields; null to do as the reference. */
        abstract ListElementIndexDetails details(BuildListIndexRequest request, IndexedTable table, ListElementIndexDetails base);

        @Override
        BuildListIndexResult buildListIndex(BuildListIndexRequest request) {
            if (request.getExistingSegmentsCount() > 0) {
                return reference.buildListIndex(request);
            }
            IndexedTable table = IndexedTable.fromJson(request.getTableJson());
            List<String> buildable = request.getKeysList().stream().filter(k -> table.element().indexOf(k).isPresent()).distinct().toList();
            BuildListIndexResult built = reference.buildListIndex(request.toBuilder().clearKeys()
                    .addAllKeys(buildable.isEmpty() ? List.of(table.element().names().get(0)) : buildable).build());
            ListElementIndexDetails details = details(request, table, built.getDetails());
            if (details == null) {
                return reference.buildListIndex(request);
            }
            return built.toBuilder().setDetails(details).setMetadata(built.getMetadata().toBuilder().setIndexDetails(
                    built.getMetadata().getIndexDetails().toBuilder().setValue(details.toByteString()))).build();
        }

        static ListElementIndexDetails keyed(ListElementIndexDetails base, List<Integer> ids, List<String> names, List<String> types) {
            return base.toBuilder().clearKeyFieldIds().addAllKeyFieldIds(ids).clearKeys().addAllKeys(names).clearKeyTypes()
                    .addAllKeyTypes(types).build();
        }

        /** The element field's id and Lance type, by name. */
        static int id(IndexedTable table, String name) {
            return table.fieldIds().get(table.element().indexOf(name).orElseThrow());
        }

        static String type(IndexedTable table, String name) {
            return table.element().fields().get(table.element().indexOf(name).orElseThrow()).type().lanceName();
        }
    }

    /** The plausible form of a duplicate key: the list as asked, each name looked up, repeats and all. */
    public static final class DuplicateKeyIdsWritten extends KeyListMutant {
        public DuplicateKeyIdsWritten() {
            super("mutant-duplicate-key-ids-written", "accepts a key named twice and records its field id twice", "LEI-R012");
        }

        @Override
        ListElementIndexDetails details(BuildListIndexRequest request, IndexedTable table, ListElementIndexDetails base) {
            List<String> asked = request.getKeysList();
            if (asked.stream().distinct().count() == asked.size() || !asked.stream().allMatch(k -> table.element().indexOf(k).isPresent())) {
                return null;
            }
            return keyed(base, asked.stream().map(k -> id(table, k)).toList(), asked, asked.stream().map(k -> type(table, k)).toList());
        }
    }

    public static final class EmptyKeyListBuilt extends KeyListMutant {
        public EmptyKeyListBuilt() {
            super("mutant-empty-key-list-built", "builds an index on an empty key list, every tuple empty, recording no key",
                    "LEI-R011");
        }

        @Override
        ListElementIndexDetails details(BuildListIndexRequest request, IndexedTable table, ListElementIndexDetails base) {
            return request.getKeysCount() > 0 ? null : keyed(base, List.of(), List.of(), List.of());
        }
    }

    public static final class ListColumnAsKey extends KeyListMutant {
        public ListColumnAsKey() {
            super("mutant-list-column-as-key", "accepts the list column itself as a key, recording the column's field id",
                    "LEI-R010");
        }

        @Override
        ListElementIndexDetails details(BuildListIndexRequest request, IndexedTable table, ListElementIndexDetails base) {
            String column = KeyNotation.readTree(request.getTableJson()).path("column").asText();
            if (!request.getKeysList().contains(column)) {
                return null;
            }
            return keyed(base, request.getKeysList().stream().map(k -> k.equals(column) ? request.getColumnFieldId() : id(table, k)).toList(),
                    request.getKeysList(), request.getKeysList().stream().map(k -> k.equals(column) ? "list" : type(table, k)).toList());
        }
    }

    /** arrow-row encodes decimals, structs and lists too: an encoder that takes whatever it takes. */
    public static final class AnyArrowTypeAsKey extends KeyListMutant {
        public AnyArrowTypeAsKey() {
            super("mutant-any-arrow-type-as-key", "accepts a key of any type the Arrow row format encodes (a decimal, a struct, a"
                    + " list), recording its Arrow type as the key type", "LEI-R017");
        }

        @Override
        ListElementIndexDetails details(BuildListIndexRequest request, IndexedTable table, ListElementIndexDetails base) {
            if (request.getKeysList().stream().noneMatch(k -> table.layout().otherField(k).isPresent())) {
                return null;
            }
            List<Integer> ids = new ArrayList<>();
            List<String> types = new ArrayList<>();
            for (String key : request.getKeysList()) {
                var other = table.layout().otherField(key);
                ids.add(other.map(IndexedTable.OtherField::id).orElseGet(() -> id(table, key)));
                types.add(other.map(o -> o.arrowType().toLowerCase(java.util.Locale.ROOT)).orElseGet(() -> type(table, key)));
            }
            return keyed(base, ids, request.getKeysList(), types);
        }
    }

    /** Refuses what it cannot lay out: a writer that only takes List columns. */
    public static final class LargeListRefused extends Base {
        public LargeListRefused() {
            super("mutant-large-list-refused", "refuses to index a LargeList column", "LEI-R028");
        }

        @Override
        BuildListIndexResult buildListIndex(BuildListIndexRequest request) {
            if (IndexedTable.fromJson(request.getTableJson()).layout().largeList()) {
                throw new dev.tableindex.tck.api.EngineRefusal(dev.tableindex.proto.tck.EngineError.newBuilder().setKind("BAD_TABLE")
                        .setMessage("only List columns are indexed").setOffset(-1).build());
            }
            return reference.buildListIndex(request);
        }
    }

    // ===================================================================== adding a segment to an index

    /**
     * Adds a segment to an existing index as the reference does, but reads the existing segments' details
     * its own way first, or changes what it answers; the existing segments are answered back as given.
     */
    abstract static class JoiningMutant extends Base {
        JoiningMutant(String name, String flaw, String... breaks) {
            super(name, flaw, breaks);
        }

        /** An existing segment's details as this writer reads them. */
        ListElementIndexDetails read(IndexedTable table, ListElementIndexDetails existing) {
            return existing;
        }

        /** The answer, changed after the write. */
        BuildListIndexResult change(BuildListIndexResult built) {
            return built;
        }

        @Override
        BuildListIndexResult buildListIndex(BuildListIndexRequest request) {
            if (request.getExistingSegmentsCount() == 0) {
                return reference.buildListIndex(request);
            }
            IndexedTable table = IndexedTable.fromJson(request.getTableJson());
            BuildListIndexRequest.Builder read = request.toBuilder().clearExistingSegments();
            request.getExistingSegmentsList().forEach(d -> read.addExistingSegments(read(table, d)));
            BuildListIndexResult built = reference.buildListIndex(read.build());
            return change(built.toBuilder().clearIndexSegments().addAllIndexSegments(request.getExistingSegmentsList())
                    .addIndexSegments(built.getDetails()).build());
        }

        /** The current name of the element field with this id, or null when no element field has it. */
        static String currentName(IndexedTable table, int fieldId) {
            int position = table.fieldIds().indexOf(fieldId);
            return position < 0 ? null : table.element().fields().get(position).name();
        }
    }

    public static final class KeyTypesFromSchema extends JoiningMutant {
        public KeyTypesFromSchema() {
            super("mutant-key-types-from-schema", "takes a new segment's key_types from the current schema, so after a"
                    + " retype it records the new type", "LEI-R029");
        }

        @Override
        ListElementIndexDetails read(IndexedTable table, ListElementIndexDetails existing) {
            List<String> types = new ArrayList<>();
            for (int k = 0; k < existing.getKeyFieldIdsCount(); k++) {
                int position = table.fieldIds().indexOf(existing.getKeyFieldIds(k));
                types.add(position < 0 ? existing.getKeyTypes(k) : table.element().fields().get(position).type().lanceName());
            }
            return existing.toBuilder().clearKeyTypes().addAllKeyTypes(types).build();
        }
    }

    public static final class EncodingOfIndexIgnored extends JoiningMutant {
        public EncodingOfIndexIgnored() {
            super("mutant-encoding-of-index-ignored", "adds an ARROW_ROW_V1 segment to an index whatever its key_encoding",
                    "LEI-R029");
        }

        @Override
        ListElementIndexDetails read(IndexedTable table, ListElementIndexDetails existing) {
            return existing.toBuilder().setKeyEncoding(ListElementKeyEncoding.LIST_ELEMENT_KEY_ENCODING_ARROW_ROW_V1).build();
        }
    }

    public static final class KeyFieldsByName extends JoiningMutant {
        public KeyFieldsByName() {
            super("mutant-key-fields-by-name", "orders a new segment's key fields by their current names, not in the index's"
                    + " key order", "LEI-R029");
        }

        @Override
        ListElementIndexDetails read(IndexedTable table, ListElementIndexDetails existing) {
            List<Integer> order = new ArrayList<>();
            for (int k = 0; k < existing.getKeyFieldIdsCount(); k++) {
                order.add(k);
            }
            order.sort(Comparator.comparing((Integer k) -> currentName(table, existing.getKeyFieldIds(k)),
                    Comparator.nullsLast(Comparator.naturalOrder())));
            ListElementIndexDetails.Builder sorted = existing.toBuilder().clearKeyFieldIds().clearKeys().clearKeyTypes();
            for (int k : order) {
                sorted.addKeyFieldIds(existing.getKeyFieldIds(k)).addKeys(existing.getKeys(k)).addKeyTypes(existing.getKeyTypes(k));
            }
            return sorted.build();
        }
    }

    public static final class ExistingKeysRenamed extends JoiningMutant {
        public ExistingKeysRenamed() {
            super("mutant-existing-keys-renamed", "rewrites the existing segments' keys with the current names when it adds"
                    + " a segment after a rename", "LEI-R014");
        }

        @Override
        BuildListIndexResult change(BuildListIndexResult built) {
            BuildListIndexResult.Builder renamed = built.toBuilder().clearIndexSegments();
            built.getIndexSegmentsList().forEach(d -> renamed.addIndexSegments(
                    d.toBuilder().clearKeys().addAllKeys(built.getDetails().getKeysList())));
            return renamed.build();
        }
    }

    public static final class NewSegmentKeepsOldNames extends JoiningMutant {
        public NewSegmentKeepsOldNames() {
            super("mutant-new-segment-keeps-old-names", "copies the index's recorded keys into a new segment instead of the"
                    + " names its key fields have when it is written", "LEI-R013");
        }

        @Override
        BuildListIndexResult change(BuildListIndexResult built) {
            List<ListElementIndexDetails> segments = built.getIndexSegmentsList();
            ListElementIndexDetails copied = built.getDetails().toBuilder().clearKeys().addAllKeys(segments.get(0).getKeysList())
                    .build();
            return built.toBuilder().setDetails(copied).setIndexSegments(segments.size() - 1, copied).build();
        }
    }

    // ===================================================================== the reader

    /** Changes what the reader is handed (the table or the index) before it answers, as a reader's bug would read it. */
    abstract static class ReaderMutant extends Base {
        ReaderMutant(String name, String flaw, String... breaks) {
            super(name, flaw, breaks);
        }

        @Override
        QueryListIndexResult queryListIndex(QueryListIndexRequest request) {
            return reference.queryListIndex(read(request, IndexedTable.fromJson(request.getTableJson())));
        }

        abstract QueryListIndexRequest read(QueryListIndexRequest request, IndexedTable table);

        /** The table with one more element field, null in every element (as a reader that believes the field is there). */
        static void addField(ObjectNode root, String name, String type, int id) {
            ((ArrayNode) root.path("element")).addObject().put("name", name).put("type", type).put("id", id);
            List<com.fasterxml.jackson.databind.JsonNode> rowLists = new ArrayList<>();
            rowLists.add(root.path("rows"));
            root.path("fragments").forEach(f -> rowLists.add(f.path("rows")));
            for (var rows : rowLists) {
                for (var list : rows) {
                    for (var element : list) {
                        if (element.isObject()) {
                            ((ObjectNode) element).putNull(name);
                        }
                    }
                }
            }
        }

        /** The request with every segment's details (and the legacy details field) changed. */
        static QueryListIndexRequest withDetails(QueryListIndexRequest request,
                                                 java.util.function.UnaryOperator<ListElementIndexDetails> change) {
            QueryListIndexRequest.Builder builder = request.toBuilder().setDetails(change.apply(request.getDetails())).clearSegments();
            for (ListIndexSegment segment : request.getSegmentsList()) {
                builder.addSegments(segment.toBuilder().setDetails(change.apply(segment.getDetails())));
            }
            return builder.build();
        }
    }

    public static final class KeysFoundByName extends ReaderMutant {
        public KeysFoundByName() {
            super("mutant-keys-found-by-name", "finds the key fields by their recorded names when a field of that name exists",
                    "LEI-R015", "LEI-R020");
        }

        @Override
        QueryListIndexRequest read(QueryListIndexRequest request, IndexedTable table) {
            return withDetails(request, d -> {
                List<Integer> ids = new ArrayList<>();
                for (int k = 0; k < d.getKeyFieldIdsCount(); k++) {
                    int position = k < d.getKeysCount() ? table.element().indexOf(d.getKeys(k)).orElse(-1) : -1;
                    ids.add(position >= 0 ? table.fieldIds().get(position) : d.getKeyFieldIds(k));
                }
                return d.toBuilder().clearKeyFieldIds().addAllKeyFieldIds(ids).build();
            });
        }
    }

    public static final class DroppedKeyIgnored extends ReaderMutant {
        public DroppedKeyIgnored() {
            super("mutant-dropped-key-ignored", "uses the index although a key field id no longer resolves", "LEI-R018", "LEI-R021");
        }

        @Override
        QueryListIndexRequest read(QueryListIndexRequest request, IndexedTable table) {
            // the reader behaves as if the missing key fields were still there (with no values)
            ObjectNode root = (ObjectNode) KeyNotation.readTree(request.getTableJson());
            ListElementIndexDetails d = request.getSegmentsCount() > 0 ? request.getSegments(0).getDetails() : request.getDetails();
            for (int k = 0; k < d.getKeyFieldIdsCount(); k++) {
                if (!table.fieldIds().contains(d.getKeyFieldIds(k))) {
                    addField(root, "dropped_" + d.getKeyFieldIds(k), d.getKeyTypes(k), d.getKeyFieldIds(k));
                }
            }
            return request.toBuilder().setTableJson(root.toString()).build();
        }
    }

    public static final class KeyIdsFoundAnywhere extends ReaderMutant {
        public KeyIdsFoundAnywhere() {
            super("mutant-key-ids-found-anywhere", "resolves key field ids anywhere in the table's schema, not only among the"
                    + " element struct's direct children", "LEI-R018", "LEI-R021");
        }

        @Override
        QueryListIndexRequest read(QueryListIndexRequest request, IndexedTable table) {
            ObjectNode root = (ObjectNode) KeyNotation.readTree(request.getTableJson());
            root.path("elsewhere").forEach(field -> addField(root, field.path("name").asText(), field.path("type").asText(),
                    field.path("id").asInt()));
            return request.toBuilder().setTableJson(root.toString()).build();
        }
    }

    public static final class KeyTypesNotChecked extends ReaderMutant {
        public KeyTypesNotChecked() {
            super("mutant-key-types-not-checked", "does not compare the key fields' types with key_types", "LEI-R019", "LEI-R021");
        }

        @Override
        QueryListIndexRequest read(QueryListIndexRequest request, IndexedTable table) {
            return withDetails(request, d -> {
                List<String> types = new ArrayList<>();
                for (int k = 0; k < d.getKeyFieldIdsCount(); k++) {
                    int position = table.fieldIds().indexOf(d.getKeyFieldIds(k));
                    types.add(position >= 0 ? table.element().fields().get(position).type().lanceName() : d.getKeyTypes(k));
                }
                return d.toBuilder().clearKeyTypes().addAllKeyTypes(types).build();
            });
        }
    }

    public static final class AnyEncodingIsArrowRow extends ReaderMutant {
        public AnyEncodingIsArrowRow() {
            super("mutant-any-encoding-is-arrow-row", "reads every key_encoding as ARROW_ROW_V1", "LEI-R023");
        }

        @Override
        QueryListIndexRequest read(QueryListIndexRequest request, IndexedTable table) {
            return withDetails(request, d -> d.toBuilder().setKeyEncoding(ListElementKeyEncoding.LIST_ELEMENT_KEY_ENCODING_ARROW_ROW_V1)
                    .build());
        }
    }

    public static final class SegmentCoversEverything extends ReaderMutant {
        public SegmentCoversEverything() {
            super("mutant-segment-covers-everything", "takes a segment to cover every fragment of the table", "LEI-R050");
        }

        @Override
        QueryListIndexRequest read(QueryListIndexRequest request, IndexedTable table) {
            List<Long> all = table.fragments().stream().map(IndexedTable.Fragment::id).toList();
            QueryListIndexRequest.Builder builder = request.toBuilder().clearSegments();
            // one segment over everything: the first, as if its coverage were the whole table
            if (request.getSegmentsCount() > 0) {
                builder.addSegments(request.getSegments(0).toBuilder().clearCoveredFragments().addAllCoveredFragments(all));
            }
            return builder.build();
        }
    }

    public static final class TargetVersionIgnored extends ReaderMutant {
        public TargetVersionIgnored() {
            super("mutant-target-version-ignored", "reads the target as the BTree version it knows, whatever target_index_version"
                    + " says", "LEI-R052");
        }

        @Override
        QueryListIndexRequest read(QueryListIndexRequest request, IndexedTable table) {
            return withDetails(request, d -> d.toBuilder().setTargetIndexVersion(1).build());
        }
    }

    public static final class TargetDetailsIgnored extends ReaderMutant {
        public TargetDetailsIgnored() {
            super("mutant-target-details-ignored", "reads the target as a BTree whatever type target_details names", "LEI-R051");
        }

        @Override
        QueryListIndexRequest read(QueryListIndexRequest request, IndexedTable table) {
            return withDetails(request, d -> d.toBuilder().setTargetDetails(Any.newBuilder()
                    .setTypeUrl(dev.tableindex.model.listindex.ListElementIndexDetails.BTREE_DETAILS_TYPE_URL)).build());
        }
    }

    /** A reader of the segments' files (list_element_index.read_files) that reads them its own way, then answers as the reference. */
    abstract static class FilesReaderMutant extends Base {
        FilesReaderMutant(String name, String flaw, String... breaks) {
            super(name, flaw, breaks);
        }

        /** What this reader takes the files to hold. */
        abstract TargetBTreeFiles.Contents read(TargetBTreeFiles.Contents files);

        @Override
        QueryListIndexResult queryListIndex(QueryListIndexRequest request) {
            if (request.getSegmentsList().stream().allMatch(s -> s.getIndexDirectory().isEmpty())) {
                return reference.queryListIndex(request);
            }
            IndexedTable table = IndexedTable.fromJson(request.getTableJson());
            List<ListElementIndex> segments = new ArrayList<>();
            for (ListIndexSegment segment : request.getSegmentsList()) {
                segments.add(segment.getIndexDirectory().isEmpty() ? ListIndexProtos.fromProto(segment)
                        : ListElementIndex.read(ListIndexProtos.fromProto(segment.getDetails()),
                                new java.util.HashSet<>(segment.getCoveredFragmentsList()),
                                read(TargetBTreeFiles.read(java.nio.file.Path.of(segment.getIndexDirectory())))));
            }
            return ListIndexProtos.toProto(dev.tableindex.model.listindex.ListElementQuery.answer(table, segments,
                    request.getPredicate(), request.getNegated(), request.getEnumerationLimit()));
        }
    }

    /** Lance's BTree reads 4096 rows per page when page_lookup gives no batch_size: this reader never looks. */
    public static final class FilesDefaultBatchSize extends FilesReaderMutant {
        public FilesDefaultBatchSize() {
            super("mutant-files-default-batch-size", "reads the target's pages as 4096 rows each, ignoring page_lookup's batch_size",
                    "LEI-R050");
        }

        @Override
        TargetBTreeFiles.Contents read(TargetBTreeFiles.Contents files) {
            return new TargetBTreeFiles.Contents(files.entries(), files.pages(), java.util.OptionalInt.of(ListElementIndex.DEFAULT_PAGE_SIZE));
        }
    }

    public static final class FilesIdsAs32Bit extends FilesReaderMutant {
        public FilesIdsAs32Bit() {
            super("mutant-files-ids-as-32-bit", "reads page_data's ids as 32-bit values, dropping the fragment id of each address",
                    "LEI-R050");
        }

        @Override
        TargetBTreeFiles.Contents read(TargetBTreeFiles.Contents files) {
            return new TargetBTreeFiles.Contents(files.entries().stream()
                    .map(e -> new ListElementIndex.Entry(e.values(), e.rowAddress() & 0xFFFF_FFFFL)).toList(), files.pages(),
                    files.batchSize());
        }
    }

    /** Answers as the reference does, then changes the rows. */
    abstract static class AnswerMutant extends Base {
        AnswerMutant(String name, String flaw, String... breaks) {
            super(name, flaw, breaks);
        }

        @Override
        QueryListIndexResult queryListIndex(QueryListIndexRequest request) {
            QueryListIndexResult answer = reference.queryListIndex(request);
            IndexedTable table = IndexedTable.fromJson(request.getTableJson());
            Set<Long> rows = rows(request, table, answer, new TreeSet<>(answer.getRowsList()));
            return answer.toBuilder().clearRows().addAllRows(new TreeSet<>(rows)).build();
        }

        abstract Set<Long> rows(QueryListIndexRequest request, IndexedTable table, QueryListIndexResult answer, Set<Long> rows);

        /** The plain call's truth on every live row. */
        static Map<Long, TruthValue> truth(IndexedTable table, String predicate) {
            BoundPredicate bound = BoundPredicate.of(predicate, table.element());
            Map<Long, TruthValue> truth = new HashMap<>();
            for (IndexedTable.Fragment fragment : table.fragments()) {
                for (int offset = 0; offset < fragment.rows().size(); offset++) {
                    if (!fragment.deleted().contains(offset)) {
                        truth.put(IndexedTable.rowAddress(fragment.id(), offset), AnyElement.test(bound, fragment.rows().get(offset)));
                    }
                }
            }
            return truth;
        }

        static List<Object[]> list(IndexedTable table, long address) {
            return table.fragments().stream().filter(f -> f.id() == address >>> 32).findFirst().orElseThrow()
                    .rows().get((int) address);
        }

        /**
         * The rows as this reader finds them in each segment ({@code found}: the segment and its fragments' live rows),
         * with the rows of the fragments no segment covers as the reference answered them.
         */
        static Set<Long> fromIndex(IndexedTable table, List<ListElementIndex> segments, Set<Long> answered,
                                   java.util.function.BiFunction<ListElementIndex, Set<Long>, Set<Long>> found) {
            Set<Long> covered = new java.util.HashSet<>();
            Set<Long> rows = new TreeSet<>();
            for (ListElementIndex segment : segments) {
                covered.addAll(segment.coveredFragments());
                Set<Long> live = new java.util.HashSet<>();
                for (IndexedTable.Fragment fragment : table.fragments()) {
                    for (int offset = 0; offset < fragment.rows().size(); offset++) {
                        if (segment.coveredFragments().contains(fragment.id()) && !fragment.deleted().contains(offset)) {
                            live.add(IndexedTable.rowAddress(fragment.id(), offset));
                        }
                    }
                }
                rows.addAll(found.apply(segment, live));
            }
            answered.stream().filter(a -> !covered.contains(a >>> 32)).forEach(rows::add);
            return rows;
        }

        /** The plan of this reader for the request on the index's keys: its own enumeration limit and successor. */
        static Plan plan(QueryListIndexRequest request, IndexedTable table, List<ListElementIndex> segments, int limit,
                         java.util.function.UnaryOperator<byte[]> successor) {
            List<Integer> keys = segments.get(0).details().keyFieldIds().stream().map(table.fieldIds()::indexOf).toList();
            return ListElementPlanner.plan(BoundPredicate.of(request.getPredicate(), table.element()).predicate(), table.element(),
                    keys, limit, successor);
        }

        /** NOT any_element from the index: the live rows that are neither TRUE, nor a null list, nor UNKNOWN. */
        static Set<Long> notFromIndex(Set<Long> live, Set<Long> trueRows, Set<Long> nullLists, Set<Long> unknown) {
            Set<Long> rows = new TreeSet<>(live);
            rows.removeAll(trueRows);
            rows.removeAll(nullLists);
            rows.removeAll(unknown);
            return rows;
        }

        static List<ListElementIndex> segments(QueryListIndexRequest request) {
            return ListIndexProtos.segments(request, IndexedTable.fromJson(request.getTableJson()));
        }
    }

    public static final class WhenUnusableNothing extends AnswerMutant {
        public WhenUnusableNothing() {
            super("mutant-when-unusable-nothing", "returns no rows when it cannot use the index, instead of evaluating on the data",
                    "LEI-R021");
        }

        @Override
        Set<Long> rows(QueryListIndexRequest request, IndexedTable table, QueryListIndexResult answer, Set<Long> rows) {
            return answer.getMode().equals("NOT_USED") && answer.getNotUsedReason() != IndexNotUsedReason.INDEX_NOT_USED_FIRST_KEY_NOT_FIXED ? Set.of() : rows;
        }
    }

    public static final class FirstRangeOnly extends AnswerMutant {
        public FirstRangeOnly() {
            super("mutant-first-range-only", "returns the rows of the first range searched only, not the union", "LEI-R087");
        }

        @Override
        Set<Long> rows(QueryListIndexRequest request, IndexedTable table, QueryListIndexResult answer, Set<Long> rows) {
            if (request.getNegated() || !answer.getMode().equals("EXACT") || answer.getRangesCount() < 2) {
                return rows;
            }
            var first = answer.getRanges(0);
            KeyRange range = new KeyRange(first.hasLower() ? first.getLower().toByteArray() : null,
                    first.hasUpper() ? first.getUpper().toByteArray() : null);
            Set<Long> found = new TreeSet<>();
            segments(request).forEach(s -> found.addAll(s.search(List.of(range)).rows()));
            return found;
        }
    }

    public static final class SupersetNotRechecked extends AnswerMutant {
        public SupersetNotRechecked() {
            super("mutant-superset-not-rechecked", "returns a superset's rows without rechecking them on the data", "LEI-R088");
        }

        @Override
        Set<Long> rows(QueryListIndexRequest request, IndexedTable table, QueryListIndexResult answer, Set<Long> rows) {
            if (request.getNegated() || !answer.getMode().equals("SUPERSET")) {
                return rows;
            }
            List<KeyRange> ranges = answer.getRangesList().stream().map(r -> new KeyRange(r.hasLower() ? r.getLower().toByteArray() : null,
                    r.hasUpper() ? r.getUpper().toByteArray() : null)).toList();
            Set<Long> found = new TreeSet<>();
            segments(request).forEach(s -> found.addAll(s.search(ranges).rows()));
            return found;
        }
    }

    public static final class NotKeepsNullRows extends AnswerMutant {
        public NotKeepsNullRows() {
            super("mutant-not-keeps-null-rows", "answers NOT any_element with every row on which the call is not TRUE", "LEI-R089");
        }

        @Override
        Set<Long> rows(QueryListIndexRequest request, IndexedTable table, QueryListIndexResult answer, Set<Long> rows) {
            if (!request.getNegated()) {
                return rows;
            }
            return truth(table, request.getPredicate()).entrySet().stream().filter(e -> e.getValue() != TruthValue.TRUE)
                    .map(Map.Entry::getKey).collect(Collectors.toSet());
        }
    }

    public static final class NotForgetsNullLists extends AnswerMutant {
        public NotForgetsNullLists() {
            super("mutant-not-forgets-null-lists", "does not exclude the null lists (the target's null values) from NOT any_element",
                    "LEI-R090");
        }

        @Override
        Set<Long> rows(QueryListIndexRequest request, IndexedTable table, QueryListIndexResult answer, Set<Long> rows) {
            if (!request.getNegated()) {
                return rows;
            }
            Set<Long> out = new TreeSet<>(rows);
            truth(table, request.getPredicate()).keySet().stream().filter(a -> list(table, a) == null).forEach(out::add);
            return out;
        }
    }

    public static final class NotForgetsUnknownElements extends AnswerMutant {
        public NotForgetsUnknownElements() {
            super("mutant-not-forgets-unknown-elements", "does not exclude rows whose elements make the predicate UNKNOWN from NOT any_element",
                    "LEI-R091");
        }

        @Override
        Set<Long> rows(QueryListIndexRequest request, IndexedTable table, QueryListIndexResult answer, Set<Long> rows) {
            if (!request.getNegated()) {
                return rows;
            }
            Set<Long> out = new TreeSet<>(rows);
            truth(table, request.getPredicate()).forEach((a, t) -> {
                if (t == TruthValue.UNKNOWN && list(table, a) != null) {
                    out.add(a);
                }
            });
            return out;
        }
    }

    public static final class OnlyAllNullSet extends AnswerMutant {
        public OnlyAllNullSet() {
            super("mutant-only-all-null-set", "for NOT any_element, counts an element UNKNOWN only when all its key fields are null"
                    + " (one null set instead of 2^k - 1)", "LEI-R092");
        }

        @Override
        Set<Long> rows(QueryListIndexRequest request, IndexedTable table, QueryListIndexResult answer, Set<Long> rows) {
            if (!request.getNegated() || !answer.getNotExact()) {
                return rows;
            }
            List<Integer> keys = request.getDetails().getKeyFieldIdsList().stream().map(table.fieldIds()::indexOf).toList();
            Set<Long> out = new TreeSet<>(rows);
            truth(table, request.getPredicate()).forEach((a, t) -> {
                List<Object[]> list = list(table, a);
                if (t == TruthValue.UNKNOWN && list != null
                        && list.stream().noneMatch(e -> e == null || keys.stream().allMatch(k -> e[k] == null))) {
                    out.add(a);
                }
            });
            return out;
        }
    }

    /** A successor that increments the last byte alone: FF wraps to 00 and nothing carries. */
    public static final class SuccessorWithoutCarry extends AnswerMutant {
        public SuccessorWithoutCarry() {
            super("mutant-successor-without-carry", "ends a prefix's range at the prefix with its last byte incremented, so a last"
                    + " FF wraps to 00 instead of carrying", "LEI-R086");
        }

        @Override
        Set<Long> rows(QueryListIndexRequest request, IndexedTable table, QueryListIndexResult answer, Set<Long> rows) {
            if (request.getNegated() || !answer.getMode().equals("EXACT")) {
                return rows;
            }
            List<ListElementIndex> segments = segments(request);
            Plan plan = plan(request, table, segments, request.getEnumerationLimit(), SuccessorWithoutCarry::successor);
            return fromIndex(table, segments, rows, (segment, live) -> {
                Set<Long> found = new TreeSet<>(segment.search(plan.ranges()).rows());
                found.retainAll(live);
                return found;
            });
        }

        static byte[] successor(byte[] prefix) {
            if (prefix.length == 0) {
                return null;
            }
            byte[] next = prefix.clone();
            next[next.length - 1]++;
            return next;
        }
    }

    /** Stops at the limit, then answers from the index with the null sets it has enumerated. */
    public static final class NotFromPartialEnumeration extends AnswerMutant {
        public NotFromPartialEnumeration() {
            super("mutant-not-from-partial-enumeration", "stops enumerating null-set combinations at its limit and still answers NOT"
                    + " any_element from the index, with the combinations it enumerated", "LEI-R094");
        }

        @Override
        Set<Long> rows(QueryListIndexRequest request, IndexedTable table, QueryListIndexResult answer, Set<Long> rows) {
            if (!request.getNegated() || answer.getNotRefusal() != dev.tableindex.proto.tck.NotAnyElementRefusal.NOT_ANY_ELEMENT_ENUMERATION_LIMIT) {
                return rows;
            }
            List<ListElementIndex> segments = segments(request);
            Plan all = plan(request, table, segments, ListElementPlanner.MAX_RANGES, KeyRange::successor);
            List<KeyRange> partial = all.unknownRanges().subList(0, Math.min(request.getEnumerationLimit(), all.unknownRanges().size()));
            return fromIndex(table, segments, rows, (segment, live) -> notFromIndex(live, segment.search(all.ranges()).rows(),
                    segment.nullLists().rows(), segment.search(partial).rows()));
        }
    }

    /** Takes the NULL rows from the keys alone, as if a conjunct the keys cannot answer were never UNKNOWN. */
    public static final class NotIgnoresOtherConjuncts extends AnswerMutant {
        public NotIgnoresOtherConjuncts() {
            super("mutant-not-ignores-other-conjuncts", "answers NOT any_element from the index when a conjunct is not answered from"
                    + " the keys, taking the NULL rows from the index alone", "LEI-R094");
        }

        @Override
        Set<Long> rows(QueryListIndexRequest request, IndexedTable table, QueryListIndexResult answer, Set<Long> rows) {
            if (!request.getNegated() || answer.getNotRefusal() != dev.tableindex.proto.tck.NotAnyElementRefusal.NOT_ANY_ELEMENT_CONJUNCT_NOT_FROM_KEYS) {
                return rows;
            }
            Set<Long> trueRows = new TreeSet<>(reference.queryListIndex(request.toBuilder().setNegated(false).build()).getRowsList());
            return fromIndex(table, segments(request), rows, (segment, live) -> notFromIndex(live, trueRows,
                    segment.nullLists().rows(), Set.of()));
        }
    }

    public static final class NotWithNullLiteral extends Base {
        public NotWithNullLiteral() {
            super("mutant-not-with-null-literal", "answers NOT any_element from the index when IN holds a NULL literal, reading IN (x, NULL)"
                    + " as IN (x)", "LEI-R094");
        }

        @Override
        QueryListIndexResult queryListIndex(QueryListIndexRequest request) {
            if (!request.getNegated() || !request.getPredicate().contains(", NULL)")) {
                return reference.queryListIndex(request);
            }
            return reference.queryListIndex(request.toBuilder().setPredicate(request.getPredicate().replace(", NULL)", ")")).build());
        }
    }

    public static final class ElementsMatchKeysSeparately extends Base {
        public ElementsMatchKeysSeparately() {
            super("mutant-elements-match-keys-separately", "finds rows where each conjunct is TRUE on some element, not all on one",
                    "LEI-R002");
        }

        @Override
        QueryListIndexResult queryListIndex(QueryListIndexRequest request) {
            QueryListIndexResult answer = reference.queryListIndex(request);
            if (request.getNegated() || !request.getPredicate().contains(" AND ")) {
                return answer;
            }
            Set<Long> rows = null;
            for (String conjunct : request.getPredicate().split(" AND ")) {
                Set<Long> part = new TreeSet<>(reference.queryListIndex(request.toBuilder().setPredicate(conjunct).build()).getRowsList());
                if (rows == null) {
                    rows = part;
                } else {
                    rows.retainAll(part);
                }
            }
            return answer.toBuilder().clearRows().addAllRows(rows).build();
        }
    }

    // ===================================================================== any_element

    /** Evaluates any_element element by element, with the mutant's rule for combining them. */
    abstract static class AnyElementMutant extends Base {
        AnyElementMutant(String name, String flaw, String... breaks) {
            super(name, flaw, breaks);
        }

        @Override
        EvaluateAnyElementResult evaluateAnyElement(EvaluateAnyElementRequest request) {
            EvaluateAnyElementResult correct = reference.evaluateAnyElement(request);
            ListTable table = ListTable.fromJson(request.getTableJson());
            BoundPredicate bound = BoundPredicate.of(request.getPredicate(), table.element());
            EvaluateAnyElementResult.Builder result = EvaluateAnyElementResult.newBuilder();
            for (List<Object[]> list : table.rows()) {
                TruthValue value = row(bound, list);
                value = request.getNegated() ? value.not() : value;
                result.addRows(switch (value) {
                    case TRUE -> Truth.TRUTH_TRUE;
                    case FALSE -> Truth.TRUTH_FALSE;
                    case UNKNOWN -> Truth.TRUTH_UNKNOWN;
                });
            }
            return correct.getRowsCount() == result.getRowsCount() ? result.build() : correct;
        }

        abstract TruthValue row(BoundPredicate predicate, List<Object[]> list);
    }

    public static final class EveryElement extends AnyElementMutant {
        public EveryElement() {
            super("mutant-every-element", "is TRUE only when the predicate is TRUE on every element", "LEI-R080");
        }

        @Override
        TruthValue row(BoundPredicate predicate, List<Object[]> list) {
            if (list == null) {
                return TruthValue.UNKNOWN;
            }
            TruthValue result = TruthValue.TRUE;
            for (Object[] element : list) {
                result = result.and(predicate.test(element));
            }
            return list.isEmpty() ? TruthValue.FALSE : result;
        }
    }

    public static final class UnknownIsFalse extends AnyElementMutant {
        public UnknownIsFalse() {
            super("mutant-unknown-is-false", "reports a row whose elements are FALSE or UNKNOWN as FALSE, not NULL", "LEI-R081");
        }

        @Override
        TruthValue row(BoundPredicate predicate, List<Object[]> list) {
            TruthValue value = AnyElement.test(predicate, list);
            return value == TruthValue.UNKNOWN && list != null ? TruthValue.FALSE : value;
        }
    }

    public static final class EmptyListIsNull extends AnyElementMutant {
        public EmptyListIsNull() {
            super("mutant-empty-list-is-null", "treats an empty list like a null list (NULL)", "LEI-R082");
        }

        @Override
        TruthValue row(BoundPredicate predicate, List<Object[]> list) {
            return list != null && list.isEmpty() ? TruthValue.UNKNOWN : AnyElement.test(predicate, list);
        }
    }

    public static final class NullElementsSkipped extends AnyElementMutant {
        public NullElementsSkipped() {
            super("mutant-null-elements-skipped", "skips null elements instead of making every field UNKNOWN", "LEI-R083");
        }

        @Override
        TruthValue row(BoundPredicate predicate, List<Object[]> list) {
            return AnyElement.test(predicate, list == null ? null : list.stream().filter(e -> e != null).toList());
        }
    }

    public static final class ComparisonsTwoValued extends AnyElementMutant {
        public ComparisonsTwoValued() {
            super("mutant-comparisons-two-valued", "takes a predicate that is UNKNOWN on an element (a null operand) as FALSE there",
                    "LEI-R095");
        }

        @Override
        TruthValue row(BoundPredicate predicate, List<Object[]> list) {
            if (list == null) {
                return TruthValue.UNKNOWN;
            }
            TruthValue result = TruthValue.FALSE;
            for (Object[] element : list) {
                TruthValue value = predicate.test(element);
                result = result.or(value == TruthValue.UNKNOWN ? TruthValue.FALSE : value);
            }
            return result;
        }
    }

    /** Evaluates another predicate text than the one asked, as a reader with one rewriting bug. */
    abstract static class RewritingMutant extends Base {
        RewritingMutant(String name, String flaw, String... breaks) {
            super(name, flaw, breaks);
        }

        abstract String rewrite(String predicate);

        @Override
        EvaluateAnyElementResult evaluateAnyElement(EvaluateAnyElementRequest request) {
            return reference.evaluateAnyElement(request.toBuilder().setPredicate(rewrite(request.getPredicate())).clearPredicateTree()
                    .build());
        }
    }

    public static final class InIgnoresNull extends RewritingMutant {
        public InIgnoresNull() {
            super("mutant-in-ignores-null", "leaves a NULL literal out of an IN list", "LEI-R096");
        }

        @Override
        String rewrite(String predicate) {
            return predicate.replaceAll("(?i),\\s*NULL\\s*\\)", ")").replaceAll("(?i)\\(\\s*NULL\\s*,", "(");
        }
    }

    public static final class DistinctAsNotEqual extends RewritingMutant {
        public DistinctAsNotEqual() {
            super("mutant-distinct-as-not-equal", "evaluates IS [NOT] DISTINCT FROM as <> and =, UNKNOWN on nulls", "LEI-R097");
        }

        @Override
        String rewrite(String predicate) {
            return predicate.replaceAll("(?i)IS NOT DISTINCT FROM", "=").replaceAll("(?i)IS DISTINCT FROM", "<>");
        }
    }

    public static final class UnknownFieldUnderNot extends Base {
        public UnknownFieldUnderNot() {
            super("mutant-unknown-field-under-not", "evaluates NOT any_element over a field the element does not have as NULL"
                    + " instead of refusing it", "LEI-R084");
        }

        @Override
        EvaluateAnyElementResult evaluateAnyElement(EvaluateAnyElementRequest request) {
            try {
                return reference.evaluateAnyElement(request);
            } catch (dev.tableindex.tck.api.EngineRefusal e) {
                if (!request.getNegated() || !e.error().getKind().equals(PredicateException.Kind.UNKNOWN_FIELD.name())) {
                    throw e;
                }
                int rows = ListTable.fromJson(request.getTableJson()).rows().size();
                return EvaluateAnyElementResult.newBuilder().addAllRows(Collections.nCopies(rows, Truth.TRUTH_UNKNOWN)).build();
            }
        }
    }
}
