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
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.file.InvalidPathException;

/**
 * Serves an in-process engine over the protocol (docs/protocol.md): prints the handshake, then
 * answers one request line with one reply line until stdin ends. {@code tck serve-engine <name>}.
 */
public final class EngineServer {
    public static final int PROTOCOL_VERSION = 1;
    /** The longest refusal message or unsupported reason a reply carries whole. */
    static final int REFUSAL_CHARS = 2 * SubprocessEngine.MAX_MESSAGE_CHARS;

    private final TckEngine engine;
    private final PrintStream out;

    /** @param out where {@link #serve} writes; unused by {@link #handshake} and {@link #reply} */
    public EngineServer(TckEngine engine, PrintStream out) {
        this.engine = engine;
        this.out = out;
    }

    public void serve(Reader in) throws IOException {
        out.println(handshake());
        out.flush();
        var lines = new ProtocolLines.LineReader(in, ProtocolLines.MAX_LINE_CHARS);
        for (var line = lines.next(); line.isPresent(); line = lines.next()) {
            if (line.get().tooLong()) {
                out.println(print(badRequest("a request line of " + line.get().length() + " characters, more than the "
                        + ProtocolLines.MAX_LINE_CHARS + " the protocol allows")));
            } else if (!line.get().text().isBlank()) {
                out.println(reply(line.get().text()));
            } else {
                continue;
            }
            out.flush();
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
            ProtocolLines.parse(line, request);
        } catch (ProtocolLines.BadLine e) {
            return badRequest("not a Request: " + e.getMessage());
        }
        Reply.Builder reply = Reply.newBuilder().setId(request.getId());
        try {
            reply.setResult(ProtocolOps.dispatch(request.build(), engine));
        } catch (EngineRefusal refusal) {
            // a refusal may quote its input (a path, a predicate) whole: the reply stays short. Twice the runner's own
            // cut, so that the runner still shows a message of up to that length as it is, with its true length
            EngineError error = refusal.error();
            reply.setError(error.toBuilder().setMessage(SubprocessEngine.bounded(error.getMessage(), REFUSAL_CHARS)));
        } catch (EngineUnsupported unsupported) {
            reply.setUnsupported(Unsupported.newBuilder()
                    .setReason(SubprocessEngine.bounded(unsupported.getMessage(), REFUSAL_CHARS)));
        } catch (InvalidPathException e) {
            reply.setError(EngineError.newBuilder().setKind("BAD_PATH").setOffset(-1).setMessage("not a path on this machine: "
                    + SubprocessEngine.quote(e.getInput()) + " (" + SubprocessEngine.bounded(e.getReason()) + ")"));
        } catch (RuntimeException e) {
            reply.setError(EngineError.newBuilder().setKind("OTHER").setMessage(SubprocessEngine.bounded(e.toString())).setOffset(-1));
        }
        return reply.build();
    }

    /** A line that is no Request: its id is unknown (0), and the message never echoes more than 500 characters. */
    private static Reply badRequest(String message) {
        return Reply.newBuilder().setError(EngineError.newBuilder().setKind("BAD_REQUEST")
                .setMessage(SubprocessEngine.bounded(message)).setOffset(-1)).build();
    }

}
