package dev.tableindex.model.index;

import com.google.protobuf.Any;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.model.manifest.IndexV2Entry;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.proto.lance.file.Field;
import dev.tableindex.proto.lance.table.DataFragment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.roaringbitmap.RoaringBitmap;

/**
 * The reader's view of a manifest's indexes: which it uses (name, segments, fields, type,
 * effective coverage) and which it ignores, and why.
 *
 * <p>Source: IndexV2 when the writer flag {@link FeatureFlags#LEGACY_INDEX_METADATA_DROPPED} is set;
 * otherwise IndexV2 when present and consistent with the legacy entries (same names, segment ids,
 * fields, details and bitmaps); otherwise the legacy entries. An old writer that changed only the
 * legacy entries makes them disagree, and the legacy entries are what it maintained.
 *
 * <p>Then per index: no details or an unknown details type → not used (queries scan); a segment
 * whose {@code index_version} is newer than the reader knows → that segment is ignored;
 * {@code covering_fields} that are not a suffix of {@code fields} leaving a keyed field, or without
 * reader flag 1&lt;&lt;7 → not used; a field not in the schema → not used. Coverage is
 * {@code bitmap ∩ live fragments}; an unknown bitmap (empty bytes) is recovered from the index file's
 * row addresses when {@link CoverageRecovery} can, else the segment covers nothing (its fragments
 * are scanned).
 */
public final class IndexCatalog {
    /** Where the reader took the index metadata from. */
    public enum Source { NONE, LEGACY, V2 }

    /** Recovers a segment's covered fragments from its index file, as Lance does for a missing bitmap. */
    @FunctionalInterface
    public interface CoverageRecovery {
        Optional<RoaringBitmap> recover(UUID segment);

        CoverageRecovery NONE = segment -> Optional.empty();
    }

    /** A file of a segment and its recorded size, if the manifest records one. */
    public record FileRef(String path, OptionalLong recordedSize) {
    }

    /** One segment (legacy entry or IndexV2 file) the reader uses. */
    public record Segment(UUID uuid, long datasetVersion, OptionalInt indexVersion, RoaringBitmap coverage,
                          boolean coverageRecovered, List<FileRef> files) {
    }

    /** One index the reader uses. */
    public record Index(String name, List<Segment> segments, List<Integer> fieldIds, List<Integer> keyedFieldIds,
                        String typeUrl, String typeId, IndexTypes.Kind kind, RoaringBitmap coverage) {
        /** The segment that answers for a fragment (the first covering it), if any. */
        public Optional<Segment> segmentFor(long fragmentId) {
            return segments.stream().filter(s -> s.coverage().contains((int) fragmentId)).findFirst();
        }
    }

    /** An index, or a segment of one, the reader does not use. */
    public record Ignored(String name, Optional<UUID> segment, String reason) {
    }

    private final Source source;
    private final Optional<String> sourceNote;
    private final List<Index> indexes;
    private final List<Ignored> ignored;

    private IndexCatalog(Source source, Optional<String> sourceNote, List<Index> indexes, List<Ignored> ignored) {
        this.source = source;
        this.sourceNote = sourceNote;
        this.indexes = List.copyOf(indexes);
        this.ignored = List.copyOf(ignored);
    }

    public Source source() {
        return source;
    }

    /** Why the reader did not take IndexV2 although it was present, or why it took it alone. */
    public Optional<String> sourceNote() {
        return sourceNote;
    }

    public List<Index> indexes() {
        return indexes;
    }

    public List<Ignored> ignored() {
        return ignored;
    }

    public Optional<Index> byName(String name) {
        return indexes.stream().filter(i -> i.name().equals(name)).findFirst();
    }

    /** A segment as either source describes it, before the reader's checks. */
    private record Candidate(String name, UUID uuid, List<Integer> fields, List<Integer> covering,
                             Optional<Any> details, OptionalInt indexVersion, long datasetVersion,
                             FragmentCoverage coverage, List<FileRef> files) {
    }

    public static IndexCatalog of(ManifestFile file, CoverageRecovery recovery) {
        List<IndexSegment> legacy = file.segments();
        List<IndexV2Entry> v2 = file.topLevelIndexes();
        boolean legacyDropped = FeatureFlags.has(file.manifest().getWriterFeatureFlags(),
                FeatureFlags.LEGACY_INDEX_METADATA_DROPPED);
        Source source;
        Optional<String> note = Optional.empty();
        if (legacyDropped) {
            source = v2.isEmpty() ? Source.NONE : Source.V2;
            note = Optional.of("writer flag 1<<12 set: IndexV2 is authoritative, legacy entries are not read");
        } else if (v2.isEmpty()) {
            source = legacy.isEmpty() ? Source.NONE : Source.LEGACY;
        } else {
            note = disagreement(legacy, v2);
            source = note.isPresent() ? (legacy.isEmpty() ? Source.NONE : Source.LEGACY) : Source.V2;
            note = note.map(n -> "IndexV2 disagrees with the legacy entries (" + n + "); using the legacy entries");
        }
        List<Candidate> candidates = switch (source) {
            case NONE -> List.of();
            case LEGACY -> legacy.stream().map(IndexCatalog::fromLegacy).toList();
            case V2 -> fromV2(v2, legacy);
        };
        Set<Integer> schemaIds = file.manifest().getFieldsList().stream().map(Field::getId).collect(Collectors.toSet());
        RoaringBitmap live = new RoaringBitmap();
        file.manifest().getFragmentsList().stream().mapToLong(DataFragment::getId).forEach(id -> live.add((int) id));
        boolean coveringFlag = FeatureFlags.has(file.manifest().getReaderFeatureFlags(),
                FeatureFlags.COVERING_INDEX_FIELDS);

        Map<String, List<Candidate>> byName = new LinkedHashMap<>();
        candidates.forEach(c -> byName.computeIfAbsent(c.name(), n -> new ArrayList<>()).add(c));
        List<Index> used = new ArrayList<>();
        List<Ignored> ignored = new ArrayList<>();
        byName.forEach((name, segments) -> {
            Candidate first = segments.get(0);
            Optional<String> invalid = invalid(segments, schemaIds, coveringFlag);
            if (invalid.isPresent()) {
                ignored.add(new Ignored(name, Optional.empty(), invalid.get()));
                return;
            }
            String typeUrl = first.details().orElseThrow().getTypeUrl();
            IndexTypes.Kind kind = IndexTypes.Kind.byTypeUrl(typeUrl).orElseThrow();
            List<Segment> kept = new ArrayList<>();
            RoaringBitmap coverage = new RoaringBitmap();
            for (Candidate c : segments) {
                if (c.indexVersion().isPresent() && c.indexVersion().getAsInt() > kind.indexVersion()) {
                    ignored.add(new Ignored(name, Optional.of(c.uuid()), "index_version " + c.indexVersion().getAsInt()
                            + " is newer than the " + kind.indexVersion() + " this reader knows for " + typeUrl));
                    continue;
                }
                Optional<RoaringBitmap> recorded = c.coverage().bitmap();
                Optional<RoaringBitmap> known = recorded.isPresent() ? recorded : recovery.recover(c.uuid());
                RoaringBitmap effective = known.map(b -> RoaringBitmap.and(b, live)).orElseGet(RoaringBitmap::new);
                if (known.isEmpty()) {
                    ignored.add(new Ignored(name, Optional.of(c.uuid()),
                            "coverage unknown and not recoverable: its fragments are scanned"));
                }
                kept.add(new Segment(c.uuid(), c.datasetVersion(), c.indexVersion(), effective,
                        recorded.isEmpty() && known.isPresent(), c.files()));
                coverage.or(effective);
            }
            if (kept.isEmpty()) {
                ignored.add(new Ignored(name, Optional.empty(), "no segment this reader can read"));
                return;
            }
            List<Integer> keyed = first.fields().subList(0, first.fields().size() - first.covering().size());
            used.add(new Index(name, List.copyOf(kept), first.fields(), List.copyOf(keyed), typeUrl,
                    IndexTypes.typeId(typeUrl), kind, coverage));
        });
        return new IndexCatalog(source, note, used, ignored);
    }

    /** Why an index (all its segments) cannot be used, if it cannot. */
    private static Optional<String> invalid(List<Candidate> segments, Set<Integer> schemaIds, boolean coveringFlag) {
        Candidate first = segments.get(0);
        for (Candidate c : segments) {
            if (!c.fields().equals(first.fields())) {
                return Optional.of("segments disagree on fields: " + first.fields() + " and " + c.fields());
            }
            if (!c.details().map(Any::getTypeUrl).map(u -> u.toLowerCase(java.util.Locale.ROOT))
                    .equals(first.details().map(Any::getTypeUrl).map(u -> u.toLowerCase(java.util.Locale.ROOT)))) { // case-insensitive
                return Optional.of("segments disagree on the index type");
            }
            if (!c.covering().equals(first.covering())) {
                return Optional.of("segments disagree on covering_fields");
            }
        }
        if (first.fields().isEmpty()) {
            return Optional.of("index has no fields");
        }
        if (first.details().isEmpty()) {
            return Optional.of("no index_details: the index type is unknown, queries scan");
        }
        String typeUrl = first.details().get().getTypeUrl();
        if (IndexTypes.Kind.byTypeUrl(typeUrl).isEmpty()) {
            return Optional.of("unknown index type " + typeUrl + ": not used, queries scan");
        }
        List<Integer> covering = first.covering();
        if (!covering.isEmpty()) {
            int keyed = first.fields().size() - covering.size();
            if (keyed < 1 || !first.fields().subList(keyed, first.fields().size()).equals(covering)) {
                return Optional.of("covering_fields " + covering + " are not a suffix of fields " + first.fields()
                        + " leaving at least one keyed field: the index is invalid");
            }
            if (!coveringFlag) {
                return Optional.of("covering_fields without reader feature flag 1<<7: the index is invalid");
            }
        }
        for (int field : first.fields()) {
            if (!schemaIds.contains(field)) {
                return Optional.of("field " + field + " is not in the schema");
            }
        }
        return Optional.empty();
    }

    private static Candidate fromLegacy(IndexSegment s) {
        List<FileRef> files = s.files().stream()
                .map(f -> new FileRef(f.getPath(), OptionalLong.of(f.getSizeBytes()))).toList();
        if (files.isEmpty()) {
            files = List.of(new FileRef(IndexV2Projection.REFERENCE_FILE_NAME, OptionalLong.empty()));
        }
        return new Candidate(s.name(), s.uuid(), s.fields(), s.coveringFields(),
                s.proto().hasIndexDetails() ? Optional.of(s.proto().getIndexDetails()) : Optional.empty(),
                s.indexVersion(), s.datasetVersion(), s.coverage(), files);
    }

    /**
     * IndexV2 holds no index_version, dataset_version or covering_fields: they come from the legacy
     * entry with the same uuid when there is one; otherwise index_version is absent (read as the
     * type's current version — an open point of the design), dataset_version 0 (so no overlay is
     * taken as incorporated) and covering_fields empty.
     */
    private static List<Candidate> fromV2(List<IndexV2Entry> v2, List<IndexSegment> legacy) {
        Map<UUID, IndexSegment> byId = new LinkedHashMap<>();
        legacy.forEach(s -> byId.put(s.uuid(), s));
        List<Candidate> result = new ArrayList<>();
        for (IndexV2Entry index : v2) {
            for (IndexV2Entry.File file : index.files()) {
                Optional<IndexSegment> same = Optional.ofNullable(byId.get(file.id()));
                String path = same.filter(s -> s.files().size() == 1).map(s -> s.files().get(0).getPath())
                        .orElse(IndexV2Projection.REFERENCE_FILE_NAME);
                OptionalLong size = file.fileSize() > 0 ? OptionalLong.of(file.fileSize()) : OptionalLong.empty();
                result.add(new Candidate(index.name(), file.id(), index.fieldIds(),
                        same.map(IndexSegment::coveringFields).orElse(List.of()),
                        index.proto().hasIndexConfig() ? Optional.of(index.proto().getIndexConfig()) : Optional.empty(),
                        same.map(IndexSegment::indexVersion).orElse(OptionalInt.empty()),
                        same.map(IndexSegment::datasetVersion).orElse(0L),
                        file.coverage(), List.of(new FileRef(path, size))));
            }
        }
        return result;
    }

    /** The first difference between the legacy entries and IndexV2, if any. */
    static Optional<String> disagreement(List<IndexSegment> legacy, List<IndexV2Entry> v2) {
        Set<String> legacyNames = legacy.stream().map(IndexSegment::name).collect(Collectors.toSet());
        Set<String> v2Names = v2.stream().map(IndexV2Entry::name).collect(Collectors.toSet());
        if (!legacyNames.equals(v2Names)) {
            return Optional.of("index names " + sorted(legacyNames) + " vs " + sorted(v2Names));
        }
        for (IndexV2Entry index : v2) {
            Map<UUID, IndexSegment> segments = new LinkedHashMap<>();
            legacy.stream().filter(s -> s.name().equals(index.name())).forEach(s -> segments.put(s.uuid(), s));
            Set<UUID> fileIds = index.files().stream().map(IndexV2Entry.File::id).collect(Collectors.toSet());
            if (!fileIds.equals(segments.keySet()) || fileIds.size() != index.files().size()) {
                return Optional.of("index '" + index.name() + "': segment ids " + segments.keySet() + " vs files "
                        + index.files().stream().map(IndexV2Entry.File::id).toList());
            }
            for (IndexV2Entry.File file : index.files()) {
                IndexSegment segment = segments.get(file.id());
                if (!segment.fields().equals(index.fieldIds())) {
                    return Optional.of("index '" + index.name() + "': fields " + segment.fields() + " vs field_ids "
                            + index.fieldIds());
                }
                if (!segment.coverage().equals(file.coverage())) {
                    return Optional.of("index '" + index.name() + "' segment " + file.id() + ": fragment_bitmap "
                            + segment.coverage() + " vs " + file.coverage());
                }
                Optional<Any> details = segment.proto().hasIndexDetails()
                        ? Optional.of(segment.proto().getIndexDetails()) : Optional.empty();
                Optional<Any> config = index.proto().hasIndexConfig()
                        ? Optional.of(index.proto().getIndexConfig()) : Optional.empty();
                if (!Objects.equals(details, config)) {
                    return Optional.of("index '" + index.name() + "': index_details vs index_config");
                }
            }
        }
        return Optional.empty();
    }

    private static List<String> sorted(Set<String> names) {
        return names.stream().sorted().toList();
    }
}
