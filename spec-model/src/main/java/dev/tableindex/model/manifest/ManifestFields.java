package dev.tableindex.model.manifest;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.Manifest;
import java.io.IOException;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The manifest message read one top-level field at a time, so that its fragments (most of a large table's manifest)
 * need not all be held: a fragment is parsed as a {@code Manifest} of that one field, every other field is merged
 * from the wire into the manifest, which is how protobuf itself reads a message (its fields in order; a message is
 * the merge of its parts). A bad field is refused where the whole message's parse refuses it, with the same message
 * and offset.
 */
final class ManifestFields {
    private final byte[] bytes;
    private final int start;
    private final int end;
    private final String source;
    private final CodedInputStream in;

    private ManifestFields(byte[] bytes, int start, int length, String source) {
        this.bytes = bytes;
        this.start = start;
        this.end = start + length;
        this.source = source;
        this.in = CodedInputStream.newInstance(bytes, start, length);
    }

    /**
     * The manifest at {@code [start, start + length)} of {@code bytes} without its fragments; each fragment is parsed
     * (and so checked) as it is reached, then let go.
     */
    static Manifest withoutFragments(byte[] bytes, int start, int length, String source) {
        Manifest.Builder manifest = Manifest.newBuilder();
        ManifestFields fields = new ManifestFields(bytes, start, length, source);
        try {
            for (Field field = fields.next(); field != null; field = fields.next()) {
                if (field.fragment()) {
                    field.parse();
                } else {
                    // merged from the wire, as the whole parse reads it (a Manifest's merge would skip zero values)
                    manifest.mergeFrom(bytes, field.from(), field.length());
                }
            }
        } catch (IOException e) {
            throw ManifestReader.invalidProtobuf(e, source, start, "Manifest");
        }
        return manifest.build();
    }

    /** The manifest's fragments, in order, each parsed when the iteration reaches it. */
    static Iterator<DataFragment> fragments(byte[] bytes, int start, int length, String source) {
        ManifestFields fields = new ManifestFields(bytes, start, length, source);
        return new Iterator<>() {
            private DataFragment next;

            @Override
            public boolean hasNext() {
                try {
                    while (next == null) {
                        Field field = fields.next();
                        if (field == null) {
                            return false;
                        }
                        if (field.fragment()) {
                            next = field.parse().getFragments(0);
                        }
                    }
                } catch (IOException e) {
                    throw ManifestReader.invalidProtobuf(e, source, start, "Manifest");
                }
                return true;
            }

            @Override
            public DataFragment next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                DataFragment fragment = next;
                next = null;
                return fragment;
            }
        };
    }

    /** One top-level field of the manifest: its bytes, its tag included, at {@code [from, from + length)}. */
    private record Field(byte[] bytes, int tag, int from, int length) {
        /** Whether it is a fragment (a field numbered as fragments but of another wire type is an unknown field). */
        boolean fragment() {
            return tag == (Manifest.FRAGMENTS_FIELD_NUMBER << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED);
        }

        /** The field parsed as a Manifest of that field alone: a fragment, a Manifest of one fragment. */
        Manifest parse() throws IOException {
            return Manifest.parser().parseFrom(bytes, from, length);
        }
    }

    /** The next top-level field, or null at the end of the message. */
    private Field next() throws IOException {
        if (in.isAtEnd()) {
            return null;
        }
        int from = start + in.getTotalBytesRead();
        int tag;
        try {
            tag = in.readTag();
            in.skipField(tag); // an end-group tag (false) is refused by the parse of its bytes, as in the whole
        } catch (IOException e) {
            // the whole parse, at this field, reads it otherwise (and may word its refusal otherwise): it is asked
            Manifest.parser().parseFrom(bytes, from, end - from);
            throw e;
        }
        return new Field(bytes, tag, from, start + in.getTotalBytesRead() - from);
    }
}
