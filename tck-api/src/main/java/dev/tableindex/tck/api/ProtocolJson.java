package dev.tableindex.tck.api;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.MessageOrBuilder;
import com.google.protobuf.util.JsonFormat;
import dev.tableindex.proto.lance.index.BloomFilterIndexDetails;
import dev.tableindex.proto.lance.index.ListElementIndexDetails;
import dev.tableindex.proto.lance.table.BTreeIndexDetails;
import dev.tableindex.proto.lance.table.BitmapIndexDetails;
import dev.tableindex.proto.lance.table.LabelListIndexDetails;
import dev.tableindex.proto.lance.table.NGramIndexDetails;
import dev.tableindex.proto.lance.table.ZoneMapIndexDetails;
import java.util.List;

/**
 * The protocol's JSON: protobuf's JSON mapping, one message per line. A {@code google.protobuf.Any}
 * (IndexMetadata.index_details) is written with its type, so the index-details types it may hold
 * are registered here, in one place (docs/protocol.md, "Any values").
 */
public final class ProtocolJson {
    /** Index details types an Any may carry across the protocol. */
    public static final List<Descriptor> DETAILS_TYPES = List.of(
            BTreeIndexDetails.getDescriptor(), BitmapIndexDetails.getDescriptor(),
            LabelListIndexDetails.getDescriptor(), NGramIndexDetails.getDescriptor(),
            ZoneMapIndexDetails.getDescriptor(), BloomFilterIndexDetails.getDescriptor(),
            ListElementIndexDetails.getDescriptor());

    private static final JsonFormat.TypeRegistry TYPES = JsonFormat.TypeRegistry.newBuilder().add(DETAILS_TYPES).build();
    private static final JsonFormat.Printer PRINTER = JsonFormat.printer().usingTypeRegistry(TYPES)
            .omittingInsignificantWhitespace();
    private static final JsonFormat.Parser PARSER = JsonFormat.parser().usingTypeRegistry(TYPES);

    private ProtocolJson() {
    }

    /** One line of JSON. */
    public static String print(MessageOrBuilder message) throws InvalidProtocolBufferException {
        return PRINTER.print(message);
    }

    /**
     * Protobuf's JSON parser as is, for lines the kit wrote itself. It has no nesting limit and coerces some JSON kinds
     * into others, so lines from another process are read by the runner's {@code engine.ProtocolLines}, which checks
     * them first (docs/protocol.md, "Limits").
     */
    public static <B extends Message.Builder> B parse(String line, B into) throws InvalidProtocolBufferException {
        PARSER.merge(line, into);
        return into;
    }
}
