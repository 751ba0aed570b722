package dev.tableindex.model.manifest;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import com.google.protobuf.WireFormat;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexV2;
import dev.tableindex.proto.lance.table.Manifest;
import dev.tableindex.proto.lance.table.Transaction;
import java.io.IOException;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * A manifest file read for passes over its fragments and index entries that hold none of them
 * ({@link ManifestReader#stream}): the file's bytes and its manifest message without its fragments are kept; the
 * fragments and the index section's entries are parsed (and entries decoded) one at a time, each time they are
 * iterated, with the paths and offsets {@link ManifestReader#read} gives. A manifest of any number of fragments and
 * entries can so be printed in memory of the order of its file ({@code tck manifest}).
 *
 * <p>An iteration stops at the first entry that is wrong, with its {@link ManifestFormatException}; {@link #check()}
 * makes every check {@link ManifestReader#read} makes, in the same order (the sections' protobuf first, then each
 * entry), so that a caller can refuse a file before printing any of it.
 */
public final class StreamedManifest {
    private static final int INDICES = 1;
    private static final int INDICES_V2 = 2;

    private final byte[] bytes;
    private final String source;
    private final ManifestReader.Layout layout;
    private final FieldSite sectionSite;

    StreamedManifest(byte[] bytes, String source, ManifestReader.Layout layout) {
        this.bytes = bytes;
        this.source = source;
        this.layout = layout;
        this.sectionSite = layout.index() == null ? FieldSite.inMemory(source) : layout.index().site(bytes, source);
    }

    /** The manifest message without its fragments ({@link #fragments}): its other fields, as parsed. */
    public Manifest manifest() {
        return layout.manifest();
    }

    /** The manifest's fragments, in order, each parsed when the iteration reaches it. */
    public Iterable<DataFragment> fragments() {
        ManifestReader.Section payload = layout.manifestPayload();
        return () -> ManifestFields.fragments(bytes, payload.payloadStart(), payload.length(), source);
    }

    /** Every check {@link ManifestReader#read} makes, holding nothing: the sections parse, every entry decodes. */
    public void check() {
        if (layout.index() != null) {
            parseSection(); // read() parses the whole section before it decodes any entry
        }
        if (layout.transaction() != null) {
            layout.transaction().parse(Transaction.parser(), bytes, source, "Transaction");
        }
        segments().forEach(segment -> { });
        topLevelIndexes().forEach(index -> { });
    }

    /** The {@code indices} entries, in order, decoded as they are iterated. */
    public Iterable<IndexSegment> segments() {
        return () -> entries(INDICES, IndexMetadata.parser(),
                (entry, i) -> IndexSegment.decode(entry, "indices[" + i + "]", sectionSite.child(INDICES, i)));
    }

    /** The {@code indices_v2} entries, in order, decoded as they are iterated. */
    public Iterable<IndexV2Entry> topLevelIndexes() {
        return () -> entries(INDICES_V2, IndexV2.parser(),
                (entry, i) -> IndexV2Entry.decode(entry, "indices_v2[" + i + "]", sectionSite.child(INDICES_V2, i)));
    }

    private interface Decoder<M, T> {
        T decode(M entry, int occurrence);
    }

    /** The section's values of field {@code field}, each parsed and decoded when the iteration reaches it. */
    private <M extends Message, T> Iterator<T> entries(int field, Parser<M> parser, Decoder<M, T> decoder) {
        if (layout.index() == null) {
            return java.util.Collections.emptyIterator();
        }
        ManifestReader.Section section = layout.index();
        CodedInputStream in = CodedInputStream.newInstance(bytes, section.payloadStart(), section.length());
        int wanted = lengthDelimited(field);
        return new Iterator<>() {
            private T next;
            private int count;

            @Override
            public boolean hasNext() {
                if (next != null) {
                    return true;
                }
                try {
                    while (!in.isAtEnd()) {
                        int tag = in.readTag();
                        if (tag == wanted) {
                            next = decoder.decode(parser.parseFrom(in.readByteArray()), count++);
                            return true;
                        }
                        in.skipField(tag);
                    }
                } catch (IOException e) {
                    throw ManifestReader.invalidProtobuf(e, source, section.payloadStart(), "IndexSection");
                }
                return false;
            }

            @Override
            public T next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                T value = next;
                next = null;
                return value;
            }
        };
    }

    /** Parses the section's fields in order as protobuf parses the whole message (other fields skipped as unknown). */
    private void parseSection() {
        ManifestReader.Section section = layout.index();
        CodedInputStream in = CodedInputStream.newInstance(bytes, section.payloadStart(), section.length());
        int indices = lengthDelimited(INDICES);
        int indicesV2 = lengthDelimited(INDICES_V2);
        try {
            while (!in.isAtEnd()) {
                int tag = in.readTag();
                if (tag == indices) {
                    IndexMetadata.parser().parseFrom(in.readByteArray());
                } else if (tag == indicesV2) {
                    IndexV2.parser().parseFrom(in.readByteArray());
                } else {
                    in.skipField(tag);
                }
            }
        } catch (IOException e) {
            throw ManifestReader.invalidProtobuf(e, source, section.payloadStart(), "IndexSection");
        }
    }

    /** The tag of a length-delimited value of field {@code field}. */
    private static int lengthDelimited(int field) {
        return field << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED;
    }
}
