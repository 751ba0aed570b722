package dev.tableindex.model.manifest;

import com.google.protobuf.Message;
import dev.tableindex.proto.lance.table.Manifest;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Writes a manifest file in Lance's layout: index section, then transaction, then manifest,
 * then the footer. The manifest's {@code index_section} and {@code transaction_section}
 * positions are set to where the sections land, and cleared when a section is absent (so a
 * stale position never points at unrelated bytes).
 *
 * <p>Fields are serialized in field-number order by protobuf-java, as prost does for every
 * message Lance 7.0.0 writes; reading a Lance-written file and writing it back gives the same
 * bytes (see docs/manifest-codec.md for the cases where it cannot).
 */
public final class ManifestWriter {
    private ManifestWriter() {
    }

    public static byte[] write(ManifestFile file) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Manifest.Builder manifest = file.manifest().toBuilder();
        if (file.indexSection().isPresent()) {
            manifest.setIndexSection(out.size());
            writeSection(out, file.indexSection().get());
        } else {
            manifest.clearIndexSection();
        }
        if (file.transaction().isPresent()) {
            manifest.setTransactionSection(out.size());
            writeSection(out, file.transaction().get());
        } else {
            manifest.clearTransactionSection();
        }
        long manifestPosition = out.size();
        writeSection(out, manifest.build());
        out.writeBytes(file.footer().withPosition(manifestPosition).encode());
        return out.toByteArray();
    }

    private static void writeSection(ByteArrayOutputStream out, Message message) {
        byte[] payload = message.toByteArray();
        out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(payload.length).array());
        out.writeBytes(payload);
    }
}
