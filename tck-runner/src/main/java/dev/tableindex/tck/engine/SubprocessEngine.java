package dev.tableindex.tck.engine;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.tableindex.proto.tck.Handshake;
import dev.tableindex.proto.tck.Reply;
import dev.tableindex.proto.tck.Request;
import dev.tableindex.proto.tck.Result;
import dev.tableindex.tck.api.Capability;
import dev.tableindex.tck.api.EngineBroken;
import dev.tableindex.tck.api.EngineInfo;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.EngineUnsupported;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.ProtocolJson;
import dev.tableindex.tck.api.TckEngine;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * An engine in another process ({@code --engine 'cmd:<command>'}), spoken to over the line protocol.
 * Every failure to talk — the process exits, a reply does not come within the timeout, a line is not
 * a valid reply or answers another request — becomes {@link EngineBroken} with the offending line
 * quoted, the process is killed, and the next call starts a fresh one.
 */
public final class SubprocessEngine implements TckEngine {
    /** Engine-provided text (a quoted line, a parser's message, a refusal's message) is cut to this in messages. */
    static final int MAX_MESSAGE_CHARS = 500;
    /** What a parser's own message about a bad line may add to the quoted line. */
    private static final int PARSER_MESSAGE_CHARS = 120;

    private final Launcher launcher;
    private final Path workingDirectory;
    private final Duration startupTimeout;
    private final Duration requestTimeout;
    private Running running;
    private EngineInfo info;
    private int nextId = 1;
    private ProtocolLog protocolLog = ProtocolLog.NONE;

    /**
     * How each engine process is made: the command for every fresh process (the first and each restart), and
     * what to clean up once that process is gone (e.g. a scratch folder a native library was unpacked into).
     */
    public interface Launcher {
        /** The {@code bash -c} command for the next process; called before every start. */
        String nextCommand();

        /** Called once the process started with the last {@link #nextCommand} is gone (killed or closed). */
        default void stopped() {
        }
    }

    public SubprocessEngine(String command, Path workingDirectory, Duration startupTimeout, Duration requestTimeout) {
        this(() -> command, workingDirectory, startupTimeout, requestTimeout);
    }

    public SubprocessEngine(Launcher launcher, Path workingDirectory, Duration startupTimeout, Duration requestTimeout) {
        this.launcher = launcher;
        this.workingDirectory = workingDirectory;
        this.startupTimeout = startupTimeout;
        this.requestTimeout = requestTimeout;
    }

    /** Writes every line sent and read to {@code log} from now on (tck run --log-protocol). */
    public SubprocessEngine logTo(ProtocolLog log) {
        this.protocolLog = log;
        return this;
    }

    @Override
    public synchronized EngineInfo info() {
        ensureRunning();
        return info;
    }

    @Override
    public <F extends Facet> F facet(Class<F> type) {
        return ProtocolOps.clientFacet(type, this::call);
    }

    private synchronized Result call(Request.Builder request) {
        ensureRunning();
        int id = nextId++;
        String line = print(request.setId(id));
        String answer;
        try {
            protocolLog.sent(line);
            running.send(line);
            answer = running.nextLine(requestTimeout, "the reply to request " + id);
            protocolLog.received(answer);
        } catch (EngineBroken broken) {
            stop();
            throw broken;
        }
        Reply reply = parse(answer, Reply.newBuilder(), "a Reply").build();
        if (reply.getId() != id) {
            stop();
            throw new EngineBroken("reply answers request " + reply.getId() + ", expected " + id + ": " + quote(answer));
        }
        return switch (reply.getOutcomeCase()) {
            case RESULT -> requestedResult(request, reply.getResult(), answer);
            case ERROR -> throw new EngineRefusal(reply.getError().toBuilder()
                    .setKind(bounded(reply.getError().getKind())).setMessage(bounded(reply.getError().getMessage()))
                    .setField(bounded(reply.getError().getField())).build());
            case UNSUPPORTED -> throw new EngineUnsupported(bounded(reply.getUnsupported().getReason()));
            case OUTCOME_NOT_SET -> {
                stop();
                throw new EngineBroken("reply carries no result, error or unsupported: " + quote(answer));
            }
        };
    }

    /**
     * The result must carry the operation that was asked (Result's fields are numbered like Request's): an
     * empty result, or another operation's, would otherwise be read as default values and could pass.
     */
    private Result requestedResult(Request.Builder request, Result result, String answer) {
        int asked = request.getOpCase().getNumber();
        if (result.getOpCase().getNumber() != asked) {
            stop();
            String expected = Result.getDescriptor().findFieldByNumber(asked).getName();
            String got = result.getOpCase() == Result.OpCase.OP_NOT_SET ? "an empty result"
                    : "result." + Result.getDescriptor().findFieldByNumber(result.getOpCase().getNumber()).getName();
            throw new EngineBroken("expected result." + expected + " in the reply to request " + request.getId()
                    + ", got " + got + ": " + quote(answer));
        }
        return result;
    }

    private void ensureRunning() {
        if (running != null && running.process.isAlive()) {
            return;
        }
        stop();
        try {
            running = Running.start(launcher.nextCommand(), workingDirectory);
        } catch (RuntimeException e) {
            launcher.stopped();
            throw e;
        }
        String line;
        try {
            line = running.nextLine(startupTimeout, "the handshake");
            protocolLog.received(line);
        } catch (EngineBroken broken) {
            stop();
            throw broken;
        }
        Handshake handshake = parse(line, Handshake.newBuilder(), "a Handshake").build();
        if (handshake.getProtocolVersion() != EngineServer.PROTOCOL_VERSION) {
            stop();
            throw new EngineBroken("engine speaks protocol version " + handshake.getProtocolVersion()
                    + ", this runner speaks " + EngineServer.PROTOCOL_VERSION);
        }
        Set<Capability> capabilities = EnumSet.noneOf(Capability.class);
        for (String name : handshake.getCapabilitiesList()) {
            capabilities.add(Capability.byId(name).orElseThrow(() -> {
                stop();
                return new EngineBroken("engine declares unknown capability '" + bounded(name) + "'; the capabilities are "
                        + java.util.Arrays.stream(Capability.values()).map(Capability::id).sorted().toList());
            }));
        }
        info = new EngineInfo(bounded(handshake.getEngineName()), bounded(handshake.getEngineVersion()), capabilities);
    }

    private <B extends com.google.protobuf.Message.Builder> B parse(String line, B builder, String what) {
        try {
            return ProtocolLines.parse(line, builder);
        } catch (ProtocolLines.BadLine e) {
            stop();
            // the reader's own message may be long (a JSON path): keep it short, the line is quoted already
            throw new EngineBroken("expected " + what + ", got " + quote(line) + " ("
                    + bounded(e.getMessage(), PARSER_MESSAGE_CHARS) + ")");
        }
    }

    private static String print(Request.Builder request) {
        try {
            return ProtocolJson.print(request);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    static String quote(String line) {
        return "\"" + bounded(line).replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** Engine-provided text as it may appear in a message or report: at most {@link #MAX_MESSAGE_CHARS}, one line. */
    static String bounded(String text) {
        return bounded(text, MAX_MESSAGE_CHARS);
    }

    static String bounded(String text, int max) {
        String shown = text.length() > max ? text.substring(0, max) + "…(" + text.length() + " chars)" : text;
        return shown.replaceAll("[\\r\\n]+", " ");
    }

    private synchronized void stop() {
        if (running != null) {
            running.kill();
            running = null;
            launcher.stopped();
        }
    }

    @Override
    public void close() {
        stop();
    }

    /** One engine process: stdout lines arrive on a queue, stderr is kept for error messages. */
    private static final class Running {
        private static final String EOF = new String("<eof>");
        private static final String TOO_LONG = new String("<too long>");
        private final Process process;
        private final OutputStream stdin;
        private final BlockingQueue<String> lines = new ArrayBlockingQueue<>(16);
        private final Deque<String> stderrTail = new ArrayDeque<>();

        private Running(Process process) {
            this.process = process;
            this.stdin = process.getOutputStream();
        }

        static Running start(String command, Path workingDirectory) {
            try {
                Process process = new ProcessBuilder("bash", "-c", command).directory(workingDirectory.toFile()).start();
                Running running = new Running(process);
                daemon(() -> running.readLines(process.getInputStream()), "engine-stdout");
                daemon(() -> running.keepStderr(process.getErrorStream()), "engine-stderr");
                return running;
            } catch (IOException e) {
                throw new EngineBroken("cannot start engine command '" + command + "': " + e.getMessage(), e);
            }
        }

        void send(String line) {
            try {
                stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                stdin.flush();
            } catch (IOException e) {
                throw new EngineBroken("engine stopped reading its input (" + e.getMessage() + ")" + exitNote());
            }
        }

        String nextLine(Duration timeout, String what) {
            String line;
            try {
                line = lines.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new EngineBroken("interrupted while waiting for " + what);
            }
            if (line == null) {
                throw new EngineBroken("no " + what + " within " + timeout.toMillis() + " ms (engine hangs?)" + exitNote());
            }
            if (line == EOF) {
                throw new EngineBroken("engine exited before " + what + exitNote());
            }
            if (line == TOO_LONG) {
                throw new EngineBroken("expected " + what + ", got a line longer than " + ProtocolLines.MAX_LINE_CHARS
                        + " characters, the protocol's limit");
            }
            return line;
        }

        private void readLines(InputStream stdout) {
            try (var reader = new java.io.InputStreamReader(stdout, StandardCharsets.UTF_8)) {
                var in = new ProtocolLines.LineReader(reader, ProtocolLines.MAX_LINE_CHARS);
                for (var line = in.next(); line.isPresent(); line = in.next()) {
                    lines.put(line.get().tooLong() ? TOO_LONG : line.get().text());
                }
            } catch (IOException | InterruptedException e) {
                // the process is gone or being killed; EOF below tells the caller
            }
            lines.offer(EOF);
        }

        private void keepStderr(InputStream stderr) {
            try (var reader = new java.io.BufferedReader(new java.io.InputStreamReader(stderr, StandardCharsets.UTF_8))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    synchronized (stderrTail) {
                        stderrTail.addLast(line.length() > 300 ? line.substring(0, 300) + "…" : line);
                        if (stderrTail.size() > 5) {
                            stderrTail.removeFirst();
                        }
                    }
                }
            } catch (IOException e) {
                // stderr closed with the process
            }
        }

        private String exitNote() {
            StringBuilder note = new StringBuilder();
            try {
                if (process.waitFor(200, TimeUnit.MILLISECONDS)) {
                    note.append("; exit code ").append(process.exitValue());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            synchronized (stderrTail) {
                if (!stderrTail.isEmpty()) {
                    note.append("; stderr ends: ").append(String.join(" | ", stderrTail));
                }
            }
            return note.toString();
        }

        void kill() {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            try {
                // so that what the launcher cleans up afterwards is no longer in use
                process.waitFor(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private static void daemon(Runnable task, String name) {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            thread.start();
        }
    }
}
