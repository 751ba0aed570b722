package dev.tableindex.tck.engine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code tck run --log-protocol FILE}: every line the kit sent to a {@code cmd:} engine ({@code > } then the line),
 * every line it read back ({@code < }) and, before each scenario, {@code # <id> <title>}. A failing request is
 * replayed by hand with {@code echo '<the line after "> ">' | my-engine}.
 */
public final class ProtocolLog implements AutoCloseable {
    /** No log. */
    public static final ProtocolLog NONE = new ProtocolLog(null);

    private final PrintWriter out;

    private ProtocolLog(PrintWriter out) {
        this.out = out;
    }

    /** A log written to {@code file} (replaced), or {@link #NONE} for null. */
    public static ProtocolLog to(Path file) {
        if (file == null) {
            return NONE;
        }
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            return new ProtocolLog(new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), true));
        } catch (IOException e) {
            throw new UncheckedIOException("--log-protocol " + file + " cannot be written", e);
        }
    }

    void sent(String line) {
        write("> ", line);
    }

    void received(String line) {
        write("< ", line);
    }

    /** A comment line: which scenario the following lines belong to. */
    public void note(String text) {
        write("# ", text.replaceAll("[\\r\\n]+", " "));
    }

    private synchronized void write(String prefix, String line) {
        if (out != null) {
            out.println(prefix + line);
        }
    }

    @Override
    public synchronized void close() {
        if (out != null) {
            out.close();
        }
    }
}
