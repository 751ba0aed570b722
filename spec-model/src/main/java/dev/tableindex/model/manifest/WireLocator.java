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

    /** File offset of the payload of {@code region}. */
    long fileOffset(Region region) {
        return fileOffsetOfBytes + region.start();
    }

    /**
     * Every occurrence, in order, of length-delimited field {@code fieldNumber} directly inside {@code parent}:
     * one walk over the parent, so locating all n entries of a section is linear, not n walks from its start.
     */
    java.util.List<Region> findAll(Region parent, int fieldNumber) {
        java.util.List<Region> found = new java.util.ArrayList<>();
        CodedInputStream in = CodedInputStream.newInstance(bytes, parent.start(), parent.length());
        try {
            while (!in.isAtEnd()) {
                int tag = in.readTag();
                if (WireFormat.getTagFieldNumber(tag) == fieldNumber
                        && WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                    int length = in.readRawVarint32();
                    found.add(new Region(parent.start() + in.getTotalBytesRead(), length));
                    in.skipRawBytes(length);
                } else {
                    in.skipField(tag);
                }
            }
        } catch (IOException e) {
            // the message parsed before, so this cannot happen; what was found so far stands
        }
        return found;
    }
}
