package dev.tableindex.engines.lance;

import dev.tableindex.tck.engine.EngineServer;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The Lance engine process: serves {@link LanceEngine} over the line protocol (docs/protocol.md).
 *
 * <p>The protocol channel must carry nothing but replies, so before anything else loads, {@code System.out} is
 * pointed at stderr (SLF4J's "no providers" notice, Arrow, Lance's Java side). Native code writes to file
 * descriptor 1 directly; {@link LanceEngineProvider} therefore starts this class with file descriptor 1 already
 * redirected to stderr and the protocol on descriptor 3, named by {@code -Dtck.lance.protocolOut=/dev/fd/3}.
 * Without that property the protocol goes to the original stdout.
 */
public final class LanceEngineMain {
    public static final String PROTOCOL_OUT = "tck.lance.protocolOut";

    private LanceEngineMain() {
    }

    public static void main(String[] args) throws IOException {
        String target = System.getProperty(PROTOCOL_OUT);
        OutputStream channel = target == null || target.isBlank()
                ? new FileOutputStream(FileDescriptor.out) : new FileOutputStream(target);
        PrintStream protocol = new PrintStream(channel, false, StandardCharsets.UTF_8);
        System.setOut(System.err);
        LanceEngine engine = new LanceEngine();
        new EngineServer(engine, protocol).serve(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)));
        protocol.flush();
        // do not wait for native threads: the reply stream is closed, the work is done
        System.exit(0);
    }
}
