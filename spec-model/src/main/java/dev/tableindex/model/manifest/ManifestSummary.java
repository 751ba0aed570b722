package dev.tableindex.model.manifest;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.IndexFile;
import dev.tableindex.proto.lance.table.Manifest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;

/**
 * The normalized JSON view of a manifest: what {@code tck manifest} prints and what golden
 * {@code expected.json} files hold. Normalized means: fragment ids of a bitmap sorted (null when
 * coverage is unknown), index files sorted by path, uuids in canonical text, absent optional
 * fields as null. Fragments and indices keep the manifest's order.
 *
 * <p>The view is written entry by entry to a {@link JsonGenerator} ({@link #write}), so that a manifest of
 * any number of entries can be printed without holding it ({@link StreamedManifest}); {@link #of} gives it as
 * a tree.
 */
public final class ManifestSummary {
    private static final ObjectMapper TREES = new ObjectMapper();

    private ManifestSummary() {
    }

    public static ObjectNode of(ManifestFile file) {
        try (TokenBuffer buffer = new TokenBuffer(TREES, false)) {
            write(file.manifest(), file.segments(), file.topLevelIndexes(), buffer);
            return TREES.readTree(buffer.asParser());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * One top-level member of the view: a value ({@code list} null), or a list of objects ({@code value} null) read as
     * it is iterated, so that a list of any length is never held.
     */
    public record Member(String name, JsonNode value, Entries<?> list) {
    }

    /** A list member's entries, and how the view writes each as an object. */
    public static final class Entries<T> {
        private final Iterable<T> entries;
        private final Writer<T> writer;

        private Entries(Iterable<T> entries, Writer<T> writer) {
            this.entries = entries;
            this.writer = writer;
        }

        /** Whether the list has no entries (reads the first, if any). */
        public boolean isEmpty() {
            return !entries.iterator().hasNext();
        }

        /** The entries as objects, each made when it is reached. */
        public Iterable<ObjectNode> items() {
            return () -> new Iterator<>() {
                private final Iterator<T> each = entries.iterator();

                @Override
                public boolean hasNext() {
                    return each.hasNext();
                }

                @Override
                public ObjectNode next() {
                    T entry = each.next();
                    return (ObjectNode) tree(out -> writer.write(out, entry));
                }
            };
        }

        private void write(JsonGenerator out) throws IOException {
            out.writeStartArray();
            for (T entry : entries) {
                writer.write(out, entry);
            }
            out.writeEndArray();
        }
    }

    /** Writes the view of {@code manifest} with these entries (read as they are iterated) as one JSON object. */
    public static void write(Manifest manifest, Iterable<IndexSegment> segments, Iterable<IndexV2Entry> topLevelIndexes,
            JsonGenerator out) throws IOException {
        write(manifest, manifest.getFragmentsList(), segments, topLevelIndexes, out);
    }

    /** As {@link #write(Manifest, Iterable, Iterable, JsonGenerator)}, the fragments given apart (read as iterated). */
    public static void write(Manifest manifest, Iterable<DataFragment> fragments, Iterable<IndexSegment> segments,
            Iterable<IndexV2Entry> topLevelIndexes, JsonGenerator out) throws IOException {
        out.writeStartObject();
        for (Member member : members(manifest, fragments, segments, topLevelIndexes)) {
            out.writeFieldName(member.name());
            if (member.list() == null) {
                TREES.writeTree(out, member.value());
            } else {
                member.list().write(out);
            }
        }
        out.writeEndObject();
    }

    /** The view's top-level members, in order: what {@link #write} writes, for a caller that prints them otherwise. */
    public static List<Member> members(Manifest manifest, Iterable<IndexSegment> segments,
            Iterable<IndexV2Entry> topLevelIndexes) {
        return members(manifest, manifest.getFragmentsList(), segments, topLevelIndexes);
    }

    /** As {@link #members(Manifest, Iterable, Iterable)}, the fragments given apart (read as iterated). */
    public static List<Member> members(Manifest manifest, Iterable<DataFragment> fragments, Iterable<IndexSegment> segments,
            Iterable<IndexV2Entry> topLevelIndexes) {
        List<Member> members = new ArrayList<>();
        members.add(new Member("version", tree(out -> uint64(out, manifest.getVersion())), null));
        members.add(new Member("reader_feature_flags", tree(out -> uint64(out, manifest.getReaderFeatureFlags())), null));
        members.add(new Member("writer_feature_flags", tree(out -> uint64(out, manifest.getWriterFeatureFlags())), null));
        members.add(new Member("fragments", null, new Entries<>(fragments, ManifestSummary::fragment)));
        members.add(new Member("indices", null, new Entries<>(segments, ManifestSummary::segment)));
        Entries<IndexV2Entry> topLevel = new Entries<>(topLevelIndexes, ManifestSummary::topLevel);
        if (!topLevel.isEmpty()) {
            members.add(new Member("indices_v2", null, topLevel));
        }
        return members;
    }

    private interface Writer<T> {
        void write(JsonGenerator out, T value) throws IOException;
    }

    private interface Written {
        void write(JsonGenerator out) throws IOException;
    }

    private static JsonNode tree(Written written) {
        try (TokenBuffer buffer = new TokenBuffer(TREES, false)) {
            written.write(buffer);
            return TREES.readTree(buffer.asParser());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void fragment(JsonGenerator out, DataFragment fragment) throws IOException {
        out.writeStartObject();
        uint64(out, "id", fragment.getId());
        uint64(out, "physical_rows", fragment.getPhysicalRows());
        uint64(out, "num_deleted_rows", fragment.hasDeletionFile() ? fragment.getDeletionFile().getNumDeletedRows() : 0);
        out.writeEndObject();
    }

    private static void segment(JsonGenerator out, IndexSegment segment) throws IOException {
        out.writeStartObject();
        out.writeStringField("name", segment.name());
        out.writeStringField("uuid", segment.uuid().toString());
        out.writeArrayFieldStart("fields");
        for (int field : segment.fields()) {
            out.writeNumber(field);
        }
        out.writeEndArray();
        uint64(out, "dataset_version", segment.datasetVersion());
        fragmentIds(out, segment.coverage());
        out.writeStringField("type_url", segment.typeUrl().orElse(null));
        out.writeFieldName("index_version");
        if (segment.indexVersion().isPresent()) {
            out.writeNumber(segment.indexVersion().getAsInt());
        } else {
            out.writeNull();
        }
        if (segment.createdAtMillis().isPresent()) {
            uint64(out, "created_at", segment.createdAtMillis().getAsLong());
        } else {
            out.writeNullField("created_at");
        }
        out.writeArrayFieldStart("files");
        for (IndexFile file : segment.files().stream().sorted(Comparator.comparing(IndexFile::getPath)).toList()) {
            out.writeStartObject();
            out.writeStringField("path", file.getPath());
            uint64(out, "size_bytes", file.getSizeBytes());
            out.writeEndObject();
        }
        out.writeEndArray();
        out.writeArrayFieldStart("covering_fields");
        for (int field : segment.coveringFields()) {
            out.writeNumber(field);
        }
        out.writeEndArray();
        out.writeEndObject();
    }

    private static void topLevel(JsonGenerator out, IndexV2Entry index) throws IOException {
        out.writeStartObject();
        out.writeStringField("name", index.name());
        out.writeStringField("id", index.id().toString());
        out.writeArrayFieldStart("field_ids");
        for (int field : index.fieldIds()) {
            out.writeNumber(field);
        }
        out.writeEndArray();
        out.writeStringField("index_type_id", index.indexTypeId());
        out.writeStringField("config_type_url", index.configTypeUrl().orElse(null));
        out.writeArrayFieldStart("files");
        for (IndexV2Entry.File file : index.files()) {
            out.writeStartObject();
            out.writeStringField("id", file.id().toString());
            uint64(out, "file_size", file.fileSize());
            fragmentIds(out, file.coverage());
            out.writeEndObject();
        }
        out.writeEndArray();
        out.writeEndObject();
    }

    /** A uint64 field as the number it is: Java's long is signed, so values from 2^63 on would print negative. */
    private static void uint64(JsonGenerator out, String name, long value) throws IOException {
        out.writeFieldName(name);
        uint64(out, value);
    }

    private static void uint64(JsonGenerator out, long value) throws IOException {
        if (value >= 0) {
            out.writeNumber(value);
        } else {
            out.writeNumber(new BigInteger(Long.toUnsignedString(value)));
        }
    }

    /** Up to this many covered fragments are listed one by one; beyond, as {@code {"count", "ranges"}}. */
    static final long MAX_LISTED = 100_000;

    /**
     * The covered fragment ids (null when coverage is unknown); a bitmap covering more than {@link #MAX_LISTED}
     * is printed as {@code {"count": n, "ranges": [[first, last], ...]}}, so that output stays proportional to the
     * bitmap's bytes (a few bytes of run containers can cover 2^32 ids).
     */
    private static void fragmentIds(JsonGenerator out, FragmentCoverage coverage) throws IOException {
        out.writeFieldName("fragment_ids");
        if (!coverage.isKnown()) {
            out.writeNull();
            return;
        }
        if (coverage.count() <= MAX_LISTED) {
            out.writeStartArray();
            for (long id : coverage.fragmentIds().orElseThrow()) {
                out.writeNumber(id);
            }
            out.writeEndArray();
            return;
        }
        out.writeStartObject();
        out.writeNumberField("count", coverage.count());
        out.writeArrayFieldStart("ranges");
        for (long[] range : coverage.ranges()) {
            out.writeStartArray();
            out.writeNumber(range[0]);
            out.writeNumber(range[1]);
            out.writeEndArray();
        }
        out.writeEndArray();
        out.writeEndObject();
    }
}
