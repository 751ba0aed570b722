package dev.tableindex.tck.engine;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.Handshake;
import dev.tableindex.proto.tck.Reply;
import dev.tableindex.proto.tck.Request;
import dev.tableindex.proto.tck.Unsupported;
import dev.tableindex.tck.api.Capability;
import dev.tableindex.tck.api.EngineInfo;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.EngineUnsupported;
import dev.tableindex.tck.api.ProtocolJson;
import dev.tableindex.tck.api.TckEngine;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;

/**
 * Serves an in-process engine over the protocol (docs/protocol.md): prints the handshake, then
 * answers one request line with one reply line until stdin ends. {@code tck serve-engine <name>}.
 */
public final class EngineServer {
    public static final int PROTOCOL_VERSION = 1;

    private final TckEngine engine;
    private final PrintStream out;

    /** @param out where {@link #serve} writes; unused by {@link #handshake} and {@link #reply} */
    public EngineServer(TckEngine engine, PrintStream out) {
        this.engine = engine;
        this.out = out;
    }

    public void serve(BufferedReader in) throws IOException {
        out.println(handshake());
        out.flush();
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (!line.isBlank()) {
                out.println(reply(line));
                out.flush();
            }
        }
    }

    /** The handshake line. */
    public String handshake() throws InvalidProtocolBufferException {
        EngineInfo info = engine.info();
        Handshake.Builder handshake = Handshake.newBuilder().setProtocolVersion(PROTOCOL_VERSION)
                .setEngineName(info.name()).setEngineVersion(info.version());
        info.capabilities().stream().map(Capability::id).sorted().forEach(handshake::addCapabilities);
        return ProtocolJson.print(handshake);
    }

    /** The reply line to one request line; never throws. */
    public String reply(String requestLine) {
        return print(answer(requestLine));
    }

    /** A reply that cannot be printed (e.g. an Any of an unregistered type) becomes an error reply. */
    private static String print(Reply reply) {
        try {
            return ProtocolJson.print(reply);
        } catch (InvalidProtocolBufferException e) {
            try {
                return ProtocolJson.print(Reply.newBuilder().setId(reply.getId()).setError(EngineError.newBuilder()
                        .setKind("OTHER").setOffset(-1).setMessage("cannot write the reply as JSON: " + e.getMessage())));
            } catch (InvalidProtocolBufferException impossible) {
                throw new IllegalStateException(impossible);
            }
        }
    }

    private Reply answer(String line) {
        Request.Builder request = Request.newBuilder();
        try {
            ProtocolJson.parse(line, request);
        } catch (InvalidProtocolBufferException e) {
            return Reply.newBuilder().setError(EngineError.newBuilder().setKind("BAD_REQUEST")
                    .setMessage("not a Request: " + e.getMessage()).setOffset(-1)).build();
        }
        Reply.Builder reply = Reply.newBuilder().setId(request.getId());
        try {
            reply.setResult(ProtocolOps.dispatch(request.build(), engine));
        } catch (EngineRefusal refusal) {
            reply.setError(refusal.error());
        } catch (EngineUnsupported unsupported) {
            reply.setUnsupported(Unsupported.newBuilder().setReason(unsupported.getMessage()));
        } catch (RuntimeException e) {
            reply.setError(EngineError.newBuilder().setKind("OTHER").setMessage(e.toString()).setOffset(-1));
        }
        return reply.build();
    }

}
