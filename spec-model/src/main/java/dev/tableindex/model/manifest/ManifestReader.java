package dev.tableindex.model.manifest;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.lance.table.Manifest;
import dev.tableindex.proto.lance.table.Transaction;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads a Lance manifest file laid out as lance-source-facts.md §2.2 describes:
 * {@code [u32 len][IndexSection]? [u32 len][Transaction]? [u32 len][Manifest] footer}.
 * Every position and length is checked before it is used; every failure is a
 * {@link ManifestFormatException} naming the file, the byte offset and what is wrong.
 */
public final class ManifestReader {
    /** Larger files are refused before they are read into memory. */
    public static final long MAX_FILE_BYTES = 1L << 30;

    private ManifestReader() {
    }

    public static ManifestFile read(Path file) {
        return read(readBytes(file), file.toString());
    }

    /** @param source how to name these bytes in errors (usually the file path) */
    public static ManifestFile read(byte[] bytes, String source) {
        Layout layout = locate(bytes, source, true);
        Optional<IndexSection> indexSection = Optional.empty();
        FieldSite sectionSite = FieldSite.inMemory(source);
        if (layout.index() != null) {
            indexSection = Optional.of(layout.index().parse(IndexSection.parser(), bytes, source, "IndexSection"));
            sectionSite = layout.index().site(bytes, source);
        }
        Optional<Transaction> transaction = Optional.empty();
        if (layout.transaction() != null) {
            transaction = Optional.of(layout.transaction().parse(Transaction.parser(), bytes, source, "Transaction"));
        }
        return ManifestFile.decodeIndexes(layout.manifest(), indexSection, transaction, layout.footer(), sectionSite);
    }

    /**
     * A manifest file for one pass over its index entries without holding them: the same checks, errors and
     * entries as {@link #read(Path)}, the entries decoded one at a time as they are iterated ({@link StreamedManifest}).
     */
    public static StreamedManifest stream(Path file) {
        return stream(readBytes(file), file.toString());
    }

    /** As {@link #stream(Path)}, of bytes named {@code source} in errors. */
    public static StreamedManifest stream(byte[] bytes, String source) {
        return new StreamedManifest(bytes, source, locate(bytes, source, false));
    }

    private static byte[] readBytes(Path file) {
        String source = file.toString();
        try {
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                throw new ManifestFormatException(ManifestProblem.LENGTH_OUT_OF_RANGE, source, -1,
                        "file has " + size + " bytes, more than the " + MAX_FILE_BYTES + " this reader accepts");
            }
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new ManifestFormatException(ManifestProblem.IO, source, -1, "cannot read file: " + e);
        }
    }

    /**
     * Where a file's parts are, each checked: its footer, its manifest (parsed, perhaps without its fragments) and where
     * the manifest message lies, its sections (null when absent).
     */
    record Layout(ManifestFooter footer, Manifest manifest, Section manifestPayload, Section index, Section transaction) {
    }

    /** {@code withFragments}: the manifest parsed whole, else without its fragments (each checked, none kept). */
    private static Layout locate(byte[] bytes, String source, boolean withFragments) {
        ManifestFooter footer = ManifestFooter.decode(bytes, source);
        int footerStart = bytes.length - ManifestFooter.SIZE;
        int manifestPos = (int) footer.manifestPosition();
        long manifestLength = u32(bytes, manifestPos);
        long manifestEnd = manifestPos + 4L + manifestLength;
        if (manifestEnd > footerStart) {
            throw new ManifestFormatException(ManifestProblem.LENGTH_OUT_OF_RANGE, source, manifestPos, "Manifest",
                    "manifest length " + manifestLength + " runs " + (manifestEnd - footerStart)
                            + " bytes past the footer");
        }
        if (manifestEnd < footerStart) {
            throw new ManifestFormatException(ManifestProblem.LENGTH_MISMATCH, source, manifestPos, "Manifest",
                    "manifest length " + manifestLength + " ends " + (footerStart - manifestEnd)
                            + " bytes before the footer");
        }
        Manifest manifest = withFragments
                ? parse(Manifest.parser(), bytes, manifestPos + 4, (int) manifestLength, source, "Manifest")
                : ManifestFields.withoutFragments(bytes, manifestPos + 4, (int) manifestLength, source);
        Section index = manifest.hasIndexSection()
                ? section(bytes, manifest.getIndexSection(), manifestPos, source, "index_section", "IndexSection") : null;
        Section transaction = manifest.hasTransactionSection()
                ? section(bytes, manifest.getTransactionSection(), manifestPos, source, "transaction_section", "Transaction")
                : null;
        return new Layout(footer, manifest, new Section(manifestPos + 4, (int) manifestLength), index, transaction);
    }

    /** A length-prefixed section: its payload is {@code [payloadStart, payloadStart + length)}. */
    record Section(int payloadStart, int length) {
        <M extends Message> M parse(Parser<M> parser, byte[] bytes, String source, String what) {
            return ManifestReader.parse(parser, bytes, payloadStart, length, source, what);
        }

        /** The section's message, for naming the offsets of its fields' values. */
        FieldSite site(byte[] bytes, String source) {
            return FieldSite.of(source, bytes, payloadStart, length);
        }
    }

    /**
     * Locates a section that must lie entirely before the manifest's own length prefix.
     *
     * @param field the Manifest field holding the section's position
     * @param name the section's message name
     */
    private static Section section(byte[] bytes, long position, int manifestPos, String source, String field,
                                   String name) {
        // written as position > manifestPos - 4: position + 4 overflows for positions within 3 of Long.MAX_VALUE
        if (position < 0 || position > manifestPos - 4L) {
            throw new ManifestFormatException(ManifestProblem.POSITION_OUT_OF_RANGE, source, manifestPos,
                    "Manifest." + field, field + " " + Long.toUnsignedString(position)
                            + " is outside the region before the manifest [0, " + manifestPos + ")");
        }
        long length = u32(bytes, (int) position);
        if (position + 4 + length > manifestPos) {
            throw new ManifestFormatException(ManifestProblem.LENGTH_OUT_OF_RANGE, source, position, name,
                    name + " length " + length + " runs past the manifest at " + manifestPos);
        }
        return new Section((int) position + 4, (int) length);
    }

    private static long u32(byte[] bytes, int position) {
        return Integer.toUnsignedLong(ByteBuffer.wrap(bytes, position, 4).order(ByteOrder.LITTLE_ENDIAN).getInt());
    }

    private static <M extends Message> M parse(Parser<M> parser, byte[] bytes, int start, int length,
                                               String source, String what) {
        try {
            return parser.parseFrom(bytes, start, length);
        } catch (InvalidProtocolBufferException e) {
            throw invalidProtobuf(e, source, start, what);
        }
    }

    /** Bad protobuf in the message {@code what} whose payload starts at {@code start}. */
    static ManifestFormatException invalidProtobuf(IOException e, String source, int start, String what) {
        return new ManifestFormatException(ManifestProblem.INVALID_PROTOBUF, source, start, what,
                "invalid protobuf in " + what + ": " + e.getMessage());
    }
}
