package org.example.minilance;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Parser;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.lance.table.Manifest;
import dev.tableindex.proto.lance.table.Transaction;
import dev.tableindex.proto.tck.ReadManifestResult;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads one Lance manifest file with plain protobuf-java:
 * {@code [u32 len][IndexSection]? [u32 len][Transaction]? [u32 len][Manifest]} then a 16-byte footer
 * {@code i64 manifest position | u16 major | u16 minor | "LANC"}, all little-endian.
 *
 * <p>Checks the container (footer, magic, major version, positions, lengths) and that each section is
 * valid protobuf. Deliberately does NOT look inside the messages: fragment bitmaps are passed on
 * without checking they are Roaring bitmaps, index uuids without checking their length.
 */
final class ManifestFile {
    private static final int FOOTER = 16;

    private ManifestFile() {
    }

    static ReadManifestResult read(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw refusal(file, "cannot read: " + e.getMessage());
        }
        if (bytes.length < FOOTER) {
            throw refusal(file, bytes.length + " bytes, shorter than the footer");
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int footer = bytes.length - FOOTER;
        if (!"LANC".equals(new String(bytes, bytes.length - 4, 4, StandardCharsets.US_ASCII))) {
            throw refusal(file, "no LANC magic at the end");
        }
        long position = buffer.getLong(footer);
        int major = Short.toUnsignedInt(buffer.getShort(footer + 8));
        if (major != 0) {
            throw refusal(file, "major version " + major + ", only 0 is known");
        }
        if (position < 0 || position > footer - 4) {
            throw refusal(file, "manifest position " + position + " outside the file");
        }
        long length = Integer.toUnsignedLong(buffer.getInt((int) position));
        if (position + 4 + length != footer) {
            throw refusal(file, "manifest of " + length + " bytes at " + position + " does not end at the footer");
        }
        Manifest manifest = parse(file, Manifest.parser(), bytes, position + 4, length, "Manifest");
        ReadManifestResult.Builder result = ReadManifestResult.newBuilder().setManifest(manifest);
        // presence, not a non-zero value: Lance writes the index section at offset 0
        if (manifest.hasIndexSection()) {
            result.setIndexSection(section(file, IndexSection.parser(), buffer, manifest.getIndexSection(), position, "IndexSection"));
        }
        if (manifest.hasTransactionSection()) {
            result.setTransaction(section(file, Transaction.parser(), buffer, manifest.getTransactionSection(), position, "Transaction"));
        }
        return result.build();
    }

    /** A length-prefixed section that must lie wholly before the manifest. */
    private static <M> M section(Path file, Parser<M> parser, ByteBuffer buffer, long at, long manifestPosition, String what) {
        if (at < 0 || at > manifestPosition - 4) {
            throw refusal(file, what + " position " + Long.toUnsignedString(at) + " not before the manifest");
        }
        long length = Integer.toUnsignedLong(buffer.getInt((int) at));
        if (at + 4 + length > manifestPosition) {
            throw refusal(file, what + " of " + length + " bytes at " + at + " runs into the manifest");
        }
        return parse(file, parser, buffer.array(), at + 4, length, what);
    }

    private static <M> M parse(Path file, Parser<M> parser, byte[] bytes, long offset, long length, String what) {
        try {
            return parser.parseFrom(bytes, (int) offset, (int) length);
        } catch (InvalidProtocolBufferException e) {
            throw refusal(file, what + " is not valid protobuf: " + e.getMessage());
        }
    }

    private static RuntimeException refusal(Path file, String message) {
        return MiniLanceEngine.refusal(file + ": " + message);
    }
}
