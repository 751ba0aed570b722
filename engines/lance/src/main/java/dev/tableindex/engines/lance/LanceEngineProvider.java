package dev.tableindex.engines.lance;

import dev.tableindex.tck.api.TckEngine;
import dev.tableindex.tck.api.TckEngineProvider;
import dev.tableindex.tck.engine.Engines;
import dev.tableindex.tck.engine.SubprocessEngine;
import dev.tableindex.tck.run.FileTrees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Registers Lance as engine {@code lance}, always in a forked JVM: a Rust panic in the JNI library aborts its JVM
 * (exit 134), which must end one engine process, not the run. Each process gets a fresh scratch folder as
 * {@code java.io.tmpdir}, where the 181 MB {@code liblance_jni*.so} is unpacked; the folder is deleted when that
 * process is gone, also after an abort (which leaves the .so behind) and when the engine is closed.
 */
public final class LanceEngineProvider implements TckEngineProvider {
    @Override
    public String name() {
        return LanceEngine.NAME;
    }

    @Override
    public TckEngine start() {
        return start(Path.of(System.getProperty("java.io.tmpdir")), Engines.Timeouts.DEFAULT);
    }

    /** A forked Lance engine whose scratch folders are made under {@code scratchParent}. */
    public static SubprocessEngine start(Path scratchParent, Engines.Timeouts timeouts) {
        return new SubprocessEngine(new ScratchLauncher(scratchParent), Path.of("").toAbsolutePath(),
                timeouts.startup(), timeouts.request());
    }

    /** {@code env} arguments: unset proxies, forbid instance-metadata credential lookups. */
    static final String SAFE_ENVIRONMENT = "-u HTTP_PROXY -u HTTPS_PROXY -u ALL_PROXY -u http_proxy -u https_proxy -u all_proxy"
            + " -u AWS_PROFILE -u AWS_ENDPOINT_URL AWS_EC2_METADATA_DISABLED=true NO_PROXY=127.0.0.1,localhost"
            + " no_proxy=127.0.0.1,localhost";

    /** The command line of one engine process using {@code scratch} as its temporary folder. */
    static String command(Path scratch) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> words = List.of(java, "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "-Djava.io.tmpdir=" + scratch, "-D" + LanceEngineMain.PROTOCOL_OUT + "=/dev/fd/3",
                "-cp", System.getProperty("java.class.path"), LanceEngineMain.class.getName());
        // fd 3 = the protocol pipe; fd 1 (what native code prints to) goes to stderr. The environment keeps
        // Lance's S3 client on loopback: no instance-metadata lookups, no proxies (docs/object-store.md).
        return "exec env " + SAFE_ENVIRONMENT + " " + String.join(" ", words.stream().map(LanceEngineProvider::shellQuote).toList())
                + " 3>&1 1>&2";
    }

    static String shellQuote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /** A fresh scratch folder per process, deleted once the process is gone. */
    static final class ScratchLauncher implements SubprocessEngine.Launcher {
        private final Path parent;
        private Path current;

        ScratchLauncher(Path parent) {
            this.parent = parent;
            // the runner itself may end without closing the engine (e.g. on Ctrl-C)
            Runtime.getRuntime().addShutdownHook(new Thread(this::stopped, "lance-engine-scratch-cleanup"));
        }

        @Override
        public synchronized String nextCommand() {
            try {
                Files.createDirectories(parent);
                current = Files.createTempDirectory(parent, "tck-lance-engine-");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return command(current);
        }

        @Override
        public synchronized void stopped() {
            if (current != null) {
                try {
                    FileTrees.delete(current);
                } catch (UncheckedIOException e) {
                    // best effort: a folder left in the temporary directory is not worth failing a run for
                }
                current = null;
            }
        }

        synchronized Path current() {
            return current;
        }
    }
}
