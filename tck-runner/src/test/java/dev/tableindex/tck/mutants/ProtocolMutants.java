package dev.tableindex.tck.mutants;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.tck.BuildListIndexResult;
import dev.tableindex.proto.tck.Reply;
import dev.tableindex.proto.tck.Result;
import dev.tableindex.proto.tck.Truth;
import dev.tableindex.tck.api.ProtocolJson;
import dev.tableindex.tck.api.TckEngine;
import dev.tableindex.tck.engine.EngineServer;
import dev.tableindex.tck.engine.SubprocessEngine;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Mutants of the subprocess path: the reference engine served over the line protocol as
 * {@code tck serve-engine reference} serves it ({@link EngineServer}, in a child JVM), with exactly one
 * field of one reply type corrupted on its way out, and spoken to through {@link SubprocessEngine}, as
 * {@code --engine cmd:...} is. A wrong value that crosses the wire must be judged as a wrong value,
 * whatever the protocol layer does with it.
 */
public final class ProtocolMutants {
    private ProtocolMutants() {
    }

    /** The proxy: one mutant's server, on stdin/stdout. {@code ProtocolMutants <mutant class name>}. */
    public static void main(String[] args) throws Exception {
        ProtocolMutant mutant = (ProtocolMutant) Class.forName(args[0]).getDeclaredConstructor().newInstance();
        // stdout belongs to the protocol: anything else printed there would corrupt it
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        try (TckEngine engine = mutant.served()) {
            EngineServer server = new EngineServer(engine, protocol);
            protocol.println(server.handshake());
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (!line.isBlank()) {
                    protocol.println(mutant.corruptLine(server.reply(line)));
                }
            }
        }
    }

    /** A reference engine behind the protocol, with one field of one reply type corrupted. */
    public abstract static class ProtocolMutant extends ReferenceMutant {
        protected ProtocolMutant(String name, Set<String> breaks, String flaw) {
            super(name, breaks, flaw);
        }

        /** The result as this mutant sends it: one field of one result type changed, every other result as is. */
        protected abstract Result corrupt(Result result);

        /** The command line of the proxy process. */
        public String command() {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            return "'" + java + "' --add-opens=java.base/java.nio=ALL-UNNAMED -cp '" + System.getProperty("java.class.path")
                    + "' " + ProtocolMutants.class.getName() + " '" + getClass().getName() + "'";
        }

        @Override
        public TckEngine start() {
            return new SubprocessEngine(command(), Path.of(System.getProperty("tck.workdir", ".")), Duration.ofSeconds(60),
                    Duration.ofSeconds(30));
        }

        /**
         * The engine the proxy serves: the reference under the mutant's name, so that the handshake says who
         * answers; the corruption is done on the wire, not in a facet.
         */
        TckEngine served() {
            return super.start();
        }

        String corruptLine(String replyLine) throws InvalidProtocolBufferException {
            Reply.Builder reply = ProtocolJson.parse(replyLine, Reply.newBuilder());
            if (!reply.hasResult()) {
                return replyLine;
            }
            return ProtocolJson.print(reply.setResult(corrupt(reply.getResult())));
        }
    }

    /** encode_key: the last byte of every encoding has its lowest bit flipped. */
    public static final class FlipsAKeyByte extends ProtocolMutant {
        public FlipsAKeyByte() {
            super("mutant-protocol-flips-a-key-byte", Set.of("LEI-R074"),
                    "Sends every encoded key with the lowest bit of its last byte flipped.");
        }

        @Override
        protected Result corrupt(Result result) {
            if (!result.hasEncodeKey() || result.getEncodeKey().getEncoding().isEmpty()) {
                return result;
            }
            byte[] bytes = result.getEncodeKey().getEncoding().toByteArray();
            bytes[bytes.length - 1] ^= 1;
            return result.toBuilder().setEncodeKey(result.getEncodeKey().toBuilder().setEncoding(ByteString.copyFrom(bytes)))
                    .build();
        }
    }

    /** evaluate_any_element: UNKNOWN (SQL NULL) is sent as FALSE. */
    public static final class SendsUnknownAsFalse extends ProtocolMutant {
        public SendsUnknownAsFalse() {
            super("mutant-protocol-sends-unknown-as-false", Set.of("LEI-R081"),
                    "Sends an UNKNOWN (SQL NULL) any_element result as FALSE.");
        }

        @Override
        protected Result corrupt(Result result) {
            if (!result.hasEvaluateAnyElement()) {
                return result;
            }
            List<Truth> rows = new ArrayList<>(result.getEvaluateAnyElement().getRowsList());
            rows.replaceAll(t -> t == Truth.TRUTH_UNKNOWN ? Truth.TRUTH_FALSE : t);
            return result.toBuilder().setEvaluateAnyElement(result.getEvaluateAnyElement().toBuilder().clearRows()
                    .addAllRows(rows)).build();
        }
    }

    /** query_list_index: the last row address of every answer is dropped. */
    public static final class DropsARowAddress extends ProtocolMutant {
        public DropsARowAddress() {
            super("mutant-protocol-drops-a-row-address", Set.of("LEI-R087"),
                    "Drops the last row address of every list index answer.");
        }

        @Override
        protected Result corrupt(Result result) {
            if (!result.hasQueryListIndex() || result.getQueryListIndex().getRowsCount() == 0) {
                return result;
            }
            List<Long> rows = result.getQueryListIndex().getRowsList();
            return result.toBuilder().setQueryListIndex(result.getQueryListIndex().toBuilder().clearRows()
                    .addAllRows(rows.subList(0, rows.size() - 1))).build();
        }
    }

    /**
     * build_list_index: the details' key field ids are sent in reverse order. (page_data rows in the reply are a
     * diagnostic only: the storage rules are judged on the files, so corrupting them on the wire would show nothing.)
     */
    public static final class SendsKeyIdsReversed extends ProtocolMutant {
        public SendsKeyIdsReversed() {
            super("mutant-protocol-sends-key-ids-reversed", Set.of("LEI-R010"),
                    "Sends the key field ids of a built index's details in reverse order.");
        }

        @Override
        protected Result corrupt(Result result) {
            if (!result.hasBuildListIndex() || result.getBuildListIndex().getDetails().getKeyFieldIdsCount() < 2) {
                return result;
            }
            BuildListIndexResult built = result.getBuildListIndex();
            List<Integer> ids = new ArrayList<>(built.getDetails().getKeyFieldIdsList());
            java.util.Collections.reverse(ids);
            return result.toBuilder().setBuildListIndex(built.toBuilder().setDetails(built.getDetails().toBuilder()
                    .clearKeyFieldIds().addAllKeyFieldIds(ids))).build();
        }
    }

    /** read_manifest: every index entry's fragment_bitmap is sent empty, which means coverage unknown. */
    public static final class SendsCoverageAsUnknown extends ProtocolMutant {
        public SendsCoverageAsUnknown() {
            super("mutant-protocol-sends-coverage-as-unknown", Set.of("LTP-R017"),
                    "Sends every index entry of a read manifest without its fragment_bitmap bytes (coverage unknown).");
        }

        @Override
        protected Result corrupt(Result result) {
            if (!result.hasReadManifest() || !result.getReadManifest().hasIndexSection()) {
                return result;
            }
            IndexSection.Builder section = result.getReadManifest().getIndexSection().toBuilder();
            section.getIndicesBuilderList().forEach(entry -> entry.setFragmentBitmap(ByteString.EMPTY));
            return result.toBuilder().setReadManifest(result.getReadManifest().toBuilder().setIndexSection(section)).build();
        }
    }

    /** count_rows: every count is one too many. */
    public static final class CountsOneRowMore extends ProtocolMutant {
        public CountsOneRowMore() {
            super("mutant-protocol-counts-one-row-more", Set.of("LTP-R037"), "Sends every row count one too high.");
        }

        @Override
        protected Result corrupt(Result result) {
            if (!result.hasCountRows()) {
                return result;
            }
            return result.toBuilder().setCountRows(result.getCountRows().toBuilder()
                    .setCount(result.getCountRows().getCount() + 1)).build();
        }
    }
}
