package dev.tableindex.model.manifest;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import java.io.IOException;

/**
 * Finds where a length-delimited field sits in the bytes of an already parsed message, so an
 * error about a field's value can name its byte offset in the file. Only used on bytes that
 * protobuf has parsed successfully, so the walk cannot fail on well-formed input.
 */
final class WireLocator {
    private final byte[] bytes;
    private final long fileOffsetOfBytes;

    /** @param fileOffsetOfBytes where {@code bytes[0]} is in the file */
    WireLocator(byte[] bytes, long fileOffsetOfBytes) {
        this.bytes = bytes;
        this.fileOffsetOfBytes = fileOffsetOfBytes;
    }

    /** A located length-delimited field: its payload's start and length within {@code bytes}. */
    record Region(int start, int length) {
    }

    Region whole() {
        return new Region(0, bytes.length);
    }

    /** File offset of the payload of {@code region}. */
    long fileOffset(Region region) {
        return fileOffsetOfBytes + region.start();
    }

    /**
     * The {@code occurrence}-th (0-based) occurrence of length-delimited field {@code fieldNumber}
     * directly inside {@code parent}, or null when there is none.
     */
    Region find(Region parent, int fieldNumber, int occurrence) {
        CodedInputStream in = CodedInputStream.newInstance(bytes, parent.start(), parent.length());
        int seen = 0;
        try {
            while (!in.isAtEnd()) {
                int tag = in.readTag();
                if (WireFormat.getTagFieldNumber(tag) == fieldNumber
                        && WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                    int length = in.readRawVarint32();
                    int start = parent.start() + in.getTotalBytesRead();
                    if (seen++ == occurrence) {
                        return new Region(start, length);
                    }
                    in.skipRawBytes(length);
                } else {
                    in.skipField(tag);
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }
}
