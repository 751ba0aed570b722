package dev.tableindex.model.lancefile.v21;

import dev.tableindex.proto.lance.encodings21.CompressiveEncoding;
import dev.tableindex.proto.lance.encodings21.Flat;
import java.util.List;

/**
 * Maps a compressive encoding to its decoder, for the three places Lance 2.1 uses one (Lance
 * {@code compression.rs} DefaultDecompressionStrategy): the value buffers of a mini-block chunk, a whole buffer
 * (repetition/definition levels, a dictionary), and the values of a full-zip page. An encoding that is not
 * decoded there is an {@link dev.tableindex.model.lancefile.UnreadableEncodingException} naming it.
 */
final class Decoders {
    /** Decodes the value buffers of one mini-block chunk into {@code count} values. */
    interface ChunkDecoder {
        DataBlock decode(List<Slice> buffers, int count);
    }

    /** Decodes one buffer into {@code count} values. */
    interface BlockDecoder {
        DataBlock decode(Slice buffer, int count);
    }

    /** Turns the variable-width values unzipped from a full-zip page into the column's values. */
    interface VariablePerValueDecoder {
        DataBlock.Variable decode(DataBlock.Variable values, long offset);
    }

    private final PageContext page;

    Decoders(PageContext page) {
        this.page = page;
    }

    ChunkDecoder chunk(CompressiveEncoding encoding) {
        return switch (encoding.getCompressionCase()) {
            case FLAT -> {
                int bits = flatBits(encoding, "flat");
                yield (buffers, count) -> FlatDecoder.decode(single(buffers, "flat"), bits, count);
            }
            case INLINE_BITPACKING -> {
                checkNoBufferCompression(encoding.getInlineBitpacking().hasValues(), "inline bitpacking");
                int bits = wordBits(encoding.getInlineBitpacking().getUncompressedBitsPerValue(), "inline bitpacking");
                yield (buffers, count) -> InlineBitpackingDecoder.decode(single(buffers, "inline bitpacking"), bits,
                        count);
            }
            case VARIABLE -> {
                int offsetBits = variableOffsetBits(encoding);
                yield (buffers, count) -> VariableDecoder.chunk(single(buffers, "variable"), offsetBits, count);
            }
            case FSST -> {
                ChunkDecoder inner = chunk(required(encoding.getFsst().getValues(), "fsst values"));
                FsstDecoder fsst = FsstDecoder.of(encoding.getFsst().getSymbolTable().toByteArray(), page);
                yield (buffers, count) -> fsst.decode(variable(inner.decode(buffers, count)), offsetOf(buffers));
            }
            case RLE -> {
                int bits = flatBits(required(encoding.getRle().getValues(), "rle values"), "rle values");
                int lengthBits = flatBits(required(encoding.getRle().getRunLengths(), "rle run lengths"),
                        "rle run lengths");
                if (lengthBits != 8 || (bits != 8 && bits != 16 && bits != 32 && bits != 64)) {
                    throw page.unreadable("rle of " + bits + "-bit values with " + lengthBits + "-bit run lengths");
                }
                yield (buffers, count) -> {
                    if (buffers.size() != 2) {
                        throw page.bad(offsetOf(buffers), "an rle chunk with " + buffers.size()
                                + " buffers, not 2 (values, run lengths)");
                    }
                    return RleDecoder.decode(buffers.get(0), buffers.get(1), bits, count);
                };
            }
            case BYTE_STREAM_SPLIT -> {
                int bits = flatBits(required(encoding.getByteStreamSplit().getValues(), "byte stream split values"),
                        "byte stream split values");
                yield (buffers, count) -> ByteStreamSplitDecoder.decode(single(buffers, "byte stream split"), bits,
                        count);
            }
            case GENERAL -> {
                GeneralDecoder general = GeneralDecoder.of(encoding.getGeneral().getCompression(), page);
                ChunkDecoder inner = chunk(required(encoding.getGeneral().getValues(), "general values"));
                yield (buffers, count) -> {
                    if (buffers.isEmpty()) {
                        throw page.bad(page.metadataAt(), "a general-compressed chunk with no buffers");
                    }
                    List<Slice> decompressed = new java.util.ArrayList<>(buffers);
                    decompressed.set(0, general.decompress(buffers.get(0)));
                    return inner.decode(decompressed, count);
                };
            }
            default -> throw page.unreadable(name(encoding) + " in a mini-block chunk");
        };
    }

    BlockDecoder block(CompressiveEncoding encoding) {
        return switch (encoding.getCompressionCase()) {
            case FLAT -> {
                int bits = flatBits(encoding, "flat");
                yield (buffer, count) -> FlatDecoder.decode(buffer, bits, count);
            }
            case INLINE_BITPACKING -> {
                checkNoBufferCompression(encoding.getInlineBitpacking().hasValues(), "inline bitpacking");
                int bits = wordBits(encoding.getInlineBitpacking().getUncompressedBitsPerValue(), "inline bitpacking");
                yield (buffer, count) -> InlineBitpackingDecoder.decode(buffer, bits, count);
            }
            case OUT_OF_LINE_BITPACKING -> {
                int bits = wordBits(encoding.getOutOfLineBitpacking().getUncompressedBitsPerValue(),
                        "out-of-line bitpacking");
                int packed = flatBits(required(encoding.getOutOfLineBitpacking().getValues(),
                        "out-of-line bitpacking values"), "out-of-line bitpacking values");
                if (packed > bits) {
                    throw page.bad(page.metadataAt(), "out-of-line bitpacking of " + bits + "-bit values into "
                            + packed + " bits");
                }
                yield (buffer, count) -> OutOfLineBitpackingDecoder.decode(buffer, bits, packed, count);
            }
            case VARIABLE -> {
                variableOffsetBits(encoding);
                yield VariableDecoder::block;
            }
            case CONSTANT -> throw page.unreadable("constant in a block");
            case GENERAL -> {
                GeneralDecoder general = GeneralDecoder.of(encoding.getGeneral().getCompression(), page);
                BlockDecoder inner = block(required(encoding.getGeneral().getValues(), "general values"));
                yield (buffer, count) -> inner.decode(general.decompress(buffer), count);
            }
            default -> throw page.unreadable(name(encoding) + " in a block");
        };
    }

    /** Full-zip fixed-width values: the bits each value takes in the zipped buffer (flat only). */
    int fixedPerValueBits(CompressiveEncoding encoding) {
        if (encoding.getCompressionCase() != CompressiveEncoding.CompressionCase.FLAT) {
            throw page.unreadable(name(encoding) + " in a full-zip page");
        }
        return flatBits(encoding, "flat");
    }

    VariablePerValueDecoder variablePerValue(CompressiveEncoding encoding) {
        return switch (encoding.getCompressionCase()) {
            case VARIABLE -> {
                variableOffsetBits(encoding);
                yield (values, offset) -> values;
            }
            case FSST -> {
                FsstDecoder fsst = FsstDecoder.of(encoding.getFsst().getSymbolTable().toByteArray(), page);
                yield fsst::decode;
            }
            case GENERAL -> {
                GeneralDecoder general = GeneralDecoder.of(encoding.getGeneral().getCompression(), page);
                yield general::decompressEach;
            }
            default -> throw page.unreadable(name(encoding) + " in a full-zip page");
        };
    }

    /** A Flat's bits per value: 1 (booleans) or a whole number of bytes, without buffer compression. */
    private int flatBits(CompressiveEncoding encoding, String what) {
        if (encoding.getCompressionCase() != CompressiveEncoding.CompressionCase.FLAT) {
            throw page.unreadable(what + " encoded as " + name(encoding) + " (only flat is decoded there)");
        }
        Flat flat = encoding.getFlat();
        checkNoBufferCompression(flat.hasData(), what);
        long bits = flat.getBitsPerValue();
        if (bits <= 0 || bits > 64 * 1024) {
            throw page.bad(page.metadataAt(), what + " of " + Long.toUnsignedString(bits) + " bits per value");
        }
        if (bits != 1 && bits % 8 != 0) {
            throw page.unreadable(what + " of " + bits + " bits per value");
        }
        return (int) bits;
    }

    private int wordBits(long bits, String what) {
        if (bits != 8 && bits != 16 && bits != 32 && bits != 64) {
            throw page.bad(page.metadataAt(), what + " of " + Long.toUnsignedString(bits) + "-bit values");
        }
        return (int) bits;
    }

    private int variableOffsetBits(CompressiveEncoding encoding) {
        int bits = flatBits(required(encoding.getVariable().getOffsets(), "variable offsets"), "variable offsets");
        checkNoBufferCompression(encoding.getVariable().hasValues(), "variable");
        if (bits != 32 && bits != 64) {
            throw page.bad(page.metadataAt(), "variable-width offsets of " + bits + " bits");
        }
        return bits;
    }

    private void checkNoBufferCompression(boolean present, String what) {
        if (present) {
            throw page.unreadable(what + " with buffer compression");
        }
    }

    private CompressiveEncoding required(CompressiveEncoding encoding, String what) {
        if (encoding.getCompressionCase() == CompressiveEncoding.CompressionCase.COMPRESSION_NOT_SET) {
            throw page.bad(page.metadataAt(), "no encoding for the " + what);
        }
        return encoding;
    }

    private Slice single(List<Slice> buffers, String what) {
        if (buffers.size() != 1) {
            throw page.bad(offsetOf(buffers), "a " + what + " chunk with " + buffers.size() + " buffers, not 1");
        }
        return buffers.get(0);
    }

    private DataBlock.Variable variable(DataBlock block) {
        if (!(block instanceof DataBlock.Variable values)) {
            throw page.bad(page.metadataAt(), "fsst over fixed-width values");
        }
        return values;
    }

    private long offsetOf(List<Slice> buffers) {
        return buffers.isEmpty() ? page.metadataAt() : buffers.get(0).offsetOf(0);
    }

    static String name(CompressiveEncoding encoding) {
        return encoding.getCompressionCase().name().toLowerCase();
    }
}
